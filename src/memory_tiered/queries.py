"""The terms, names and identifiers of a search text.

Uses: base, text, scrubbing, indexing, dates, names.
"""

import functools

from .base import (
    LazyRe, local_day, local_zone, GATE_NAME_TOP, GATE_PLAIN_WORDS, GATE_PLAIN_ZH, GATE_RARE, GATE_SHORT,
    GATE_TECH_WORDS, NEAR_DISTANCE, SCAN_TERMS)
from .text import CJK_CLASS, glossary, cjk_runs, EN_STOP_WORDS, split_stop_words, word_runs
from .scrubbing import contains_any
from .indexing import cjk_bigrams, porter_stem
from .dates import MONTH_NAMES, WEEKDAY_NAMES, extract_periods
from .names import han_forms, latin_forms, names_in_latin


def light_stem(word):
    """A small suffix stripper for the scan fallback (FTS5 uses Porter)."""
    for suffix in ("ing", "edly", "ed", "ies", "es", "s", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


_TECH_TOKEN_RE = LazyRe(r"[A-Za-z0-9][A-Za-z0-9_.\-/]*")


def strong_terms(text, memory=False):
    """The words of ``text`` written as names and identifiers are: with a digit, a capital
    letter past a sentence's first word (Stripe, PPT, LSP), joined by ``. _ - /`` (webhook.py,
    parse_date, runs-on), or Latin words in a Chinese sentence (slowapi, proration).

    ``memory``: ``text`` is a memory's sentences, not a prompt: the words of an identifier are
    left out (the memory names split.py, not "split"; 7-day is no name), and a short text is
    not read as a list of keywords."""
    strong = set()
    mixed = bool(cjk_runs(text)[0])  # a Latin word in a Chinese sentence is a name or a term
    # "Stripe", "Postgres pgbouncer": names
    keywords = not memory and len(_TECH_TOKEN_RE.findall(text)) <= 3
    for m in _TECH_TOKEN_RE.finditer(text):
        token = m.group(0).rstrip(".-/")
        if memory and any(c in "._-/" for c in token):
            continue
        before = text[:m.start()].rstrip()
        first = not keywords and (not before or before[-1] in ".!?:;。！？：；\n")
        if (
            mixed or any(c.isdigit() for c in token) or any(c in "._-/" for c in token)
            or (not first and any(c.isupper() for c in token))
            or (len(token) > 1 and token.isupper())):
            strong.update(word_runs(token.lower()))
    return strong - GATE_TECH_WORDS


_FILE_EXTENSIONS = frozenset("py js ts tsx jsx md json yaml yml toml rs go rb sh txt html css "
                             "sql cfg ini lock".split())


def compound_terms(text):
    """The identifiers of ``text`` made of two or more words (parse_date, sync_search.py,
    request.json): each one's words, without file extensions.  Part of one is a different
    identifier: a memory holding "parse" alone has not met parse_date."""
    found = []
    for m in _TECH_TOKEN_RE.finditer(text):
        token = m.group(0).rstrip(".-/")
        if any(c in "._-/" for c in token):
            words = [w for w in word_runs(token.lower()) if w not in _FILE_EXTENSIONS]
            if len(words) >= 2:
                found.append(frozenset(words))
    return found


# Capitalised words that name no one: plain words ("提示 Error ..."), what code is written in, and
# months and weekdays (dates: "November's figures")
GATE_NOT_NAMES = (GATE_PLAIN_WORDS | GATE_TECH_WORDS | frozenset(MONTH_NAMES) | frozenset(WEEKDAY_NAMES)
                  | frozenset("""english chinese german french spanish italian japanese korean
                  russian dutch portuguese polish swedish turkish arabic hindi european american
                  british canadian australian asian african latin mandarin cantonese""".split()))


# Question templates: they ask, they name nothing ("11月24日做了什么" asks for a day's work; 做 must
# not find "决定先做移动端").  Taken out of every query before its terms are read.
_TEMPLATE_RE = LazyRe(
    r"(?i)(?:做|干|忙|聊|讨论|谈|发生|完成|搞|改|修改|改动|更新|写)(?:了|过)(?:些|点)?(?:什么|啥|哪些)"
    r"(?:事|事情|工作|东西)?|"
    r"\bwhat\s+(?:did|have|had)\s+(?:i|we|you)\s+(?:do|done|discuss(?:ed)?|talk(?:ed)?\s+about|"
    r"work(?:ed)?\s+on)\b|\bwhat\s+(?:happened|was\s+(?:discussed|done))\b")


def _glossary_words(run, from_right=False):
    """(place, word) of the GLOSSARY's Chinese words in a CJK run, the longest at each place
    (数据库, not 数据), read from the left (or from the right)."""
    _, to_en, lengths = glossary()
    at, end = 0, len(run)
    while end - at > 1:
        if from_right:
            word = next((run[end - n:end] for n in lengths if n <= end and run[end - n:end] in to_en),
                        None)
        else:
            word = next((run[at:at + n] for n in lengths if run[at:at + n] in to_en), None)
        step = len(word) if word else 1
        if word:
            yield (end - step if from_right else at), word
        if from_right:
            end -= step
        else:
            at += step


def stands_alone(word, text):
    """Whether a glossary ``word`` in ``text`` reads as a word there: read the same from the left
    and from the right of some CJK run (部分支付 holds 分支 only from the left: from the right 支付
    comes first)."""
    return any(word in run and (word in {w for _, w in _glossary_words(run)}
                                and word in {w for _, w in _glossary_words(run, from_right=True)})
               for run in cjk_runs(text)[0])


def translations(runs, words):
    """[(word in the other language, the prompt terms it stands for)] of a prompt's CJK ``runs``
    and Latin ``words`` (GLOSSARY): a Chinese word stands for its character pairs, an English
    one (or its plural or -ing form) for itself.  Words the prompt already holds are left out."""
    to_zh, to_en, _ = glossary()
    found = {}
    for run in runs:
        for _, word in _glossary_words(run):
            for english in to_en[word]:
                found.setdefault(english, {}).update(dict.fromkeys(cjk_bigrams(word)))
    for word in words:
        for form in (word, light_stem(word), word[:-1] if word.endswith("s") else word):
            for zh in to_zh.get(form, ()):
                found.setdefault(zh, {})[word] = None
    out, stems, text, words = [], set(map(porter_stem, words)), "\x00".join(runs), set(words)
    for form, sources in sorted(found.items()):
        stem = porter_stem(form) if form.isascii() else form
        # (the index stems English: crash, crashes and crashed are one word to it)
        if stem not in stems and form not in words and form not in text:
            stems.add(stem)
            out.append((form, tuple(sources)))
    return out


_FULL_WIDTH = dict(zip(range(0xFF01, 0xFF5F), range(0x21, 0x7F)))
_FULL_WIDTH[0x3000] = 0x20  # the ideographic space

# Traditional characters and the Simplified ones they are written as, in pairs: those of the
# GLOSSARY's words and about 400 more of the most common (這個, 們, 嗎, 繼續, 執行, 確認)
_TRADITIONAL = (
    "丟丢並并乾干亂乱亞亚佈布佔占併并來来侶侣係系俠侠倆俩倉仓個个們们偉伟側侧偽伪備备傳传價价儀仪優优儲储兩两冊册別别刪删則则剛刚創创劃划動动務务勞劳勢势勵励勸劝匯汇"
    "區区協协卻却厲厉參参叢丛吳吴員员問问啓启啞哑啟启喚唤單单嗎吗嚴严囉啰國国圍围圖图團团埡垭執执堅坚報报場场塊块塗涂塵尘墜坠壇坛壓压壞坏夢梦夾夹奪夺奮奋婦妇嬰婴孫孙"
    "學学寢寝實实寧宁審审寫写寬宽寶宝將将專专尋寻對对導导屆届屬属嶺岭帳帐帶带幣币幫帮幹干幾几庫库廈厦廟庙廠厂廢废廣广廳厅張张強强彈弹彎弯彙汇後后徑径從从復复徵征徹彻"
    "恥耻悅悦惡恶惱恼愛爱愜惬愨悫態态慣惯慶庆憂忧憑凭憶忆應应懶懒懷怀懸悬懼惧戀恋戰战戲戏戶户拋抛挾挟捨舍掃扫掙挣掛挂採采揀拣揚扬換换揮挥損损搖摇搶抢摟搂撐撑撥拨撫抚"
    "擁拥擇择擊击擋挡擔担據据擠挤擬拟擴扩擾扰攔拦攜携攝摄攤摊敗败敵敌數数斂敛斃毙斷断於于昇升時时晝昼暫暂曆历曉晓書书會会東东條条棄弃棟栋棧栈椏桠業业極极榮荣構构槍枪"
    "槓杠樂乐標标樞枢樣样樹树橋桥機机橫横檔档檢检檯台檻槛櫃柜欄栏權权歎叹歐欧歡欢歲岁歷历歸归殘残殺杀殼壳毀毁毆殴氣气沒没沖冲洩泄測测湊凑準准滅灭滯滞滾滚滿满漢汉漲涨"
    "漸渐潔洁潛潜潰溃澀涩澤泽濃浓濕湿濟济濫滥濾滤瀉泻瀏浏灘滩灣湾災灾為为烏乌無无煙烟煩烦熱热燈灯燒烧燦灿燭烛爐炉爭争爲为爺爷牆墙犧牺狀状獎奖獨独獲获現现瑪玛環环瓊琼"
    "產产畝亩畢毕畫画異异當当疊叠瘋疯療疗癮瘾發发盜盗盞盏監监盤盘睜睁確确碼码礎础礙碍禍祸禪禅禮礼稅税種种稱称穀谷穩稳窮穷竄窜竇窦竊窃競竞筆笔筍笋節节範范築筑篩筛簡简"
    "簫箫簽签籃篮籤签糧粮紀纪約约紅红納纳純纯紙纸級级紛纷紡纺紮扎細细紹绍終终組组結结絕绝絞绞絡络給给統统絲丝綁绑經经綜综綠绿維维綱纲網网綴缀綿绵緊紧緒绪線线緣缘編编"
    "緩缓緯纬練练縣县縫缝縮缩總总績绩織织繞绕繩绳繪绘繼继續续罈坛罰罚罵骂罷罢羅罗義义習习聖圣聞闻聯联聰聪聲声職职肅肃脅胁脈脉腦脑腳脚膚肤膽胆臉脸臟脏臨临臺台與与興兴"
    "舉举舊旧艙舱艦舰莊庄萬万葉叶蓋盖蔣蒋薦荐藍蓝藝艺藥药蘇苏蘋苹蘭兰處处虛虚號号蝦虾蟲虫術术衛卫衝冲裏里補补裝装裡里製制複复襯衬見见規规視视親亲覺觉覽览觀观觸触訂订"
    "計计訊讯訓训託托記记訟讼訪访設设許许訴诉診诊註注詐诈評评詞词詢询試试詩诗話话該该詳详誇夸誌志認认誕诞誘诱語语誠诚誤误說说誰谁課课調调談谈請请論论諸诸諾诺謀谋謊谎"
    "謎谜講讲謝谢謠谣謹谨證证識识譜谱譯译護护譽誉讀读變变讓让讚赞豐丰貓猫貝贝負负財财貢贡貧贫貨货販贩貫贯責责貯贮貴贵貸贷費费貼贴賀贺賃赁資资賊贼賓宾賞赏賠赔賣卖賤贱"
    "質质賬账賭赌賴赖購购贈赠趕赶趙赵趨趋跡迹踐践蹤踪躍跃車车軌轨軍军軟软軸轴較较載载輔辅輕轻輛辆輝辉輪轮輯辑輸输轉转辦办辭辞農农迴回這这連连週周進进遊游運运過过達达"
    "違违遙遥遞递遠远適适遲迟遷迁選选遺遗還还邊边邏逻郵邮鄉乡鄰邻醜丑醫医醬酱釋释釘钉針针鈕钮鈴铃鉛铅鉤钩銀银銅铜銷销鋒锋鋪铺鋼钢錄录錢钱錦锦錯错錶表鍋锅鍛锻鍵键鎖锁"
    "鎮镇鏈链鏡镜鐘钟鐳镭鐵铁鑄铸鑑鉴鑒鉴鑰钥鑽钻長长門门閃闪閉闭開开閒闲間间閘闸閣阁閱阅閾阈闆板闊阔闖闯關关闢辟陣阵陰阴陳陈陸陆陽阳隊队階阶際际隨随險险隱隐隻只雙双"
    "雜杂雞鸡離离難难雲云電电靈灵韌韧響响頁页頂顶項项順顺須须預预頓顿領领頭头頰颊頸颈頻频顆颗題题額额顏颜願愿類类顧顾顯显風风颱台飛飞飯饭飲饮飽饱餅饼養养餘余館馆饑饥"
    "馬马馭驭駁驳駐驻駛驶騎骑騙骗驅驱驗验驚惊髒脏體体髮发鬆松鬥斗魚鱼魯鲁鮮鲜鳥鸟鴨鸭鵝鹅鹽盐麗丽麥麦麼么黃黄點点黨党齊齐齒齿齡龄龍龙龜龟")


TRADITIONAL_FORMS = 64  # pairs of a prompt searched in Traditional characters too, at most


@functools.lru_cache(maxsize=1)
def _simplifying():
    return {ord(_TRADITIONAL[i]): _TRADITIONAL[i + 1] for i in range(0, len(_TRADITIONAL), 2)}


def simplified(text):
    """``text`` with its Traditional characters written as Simplified ones (閃退: 闪退, 緩存: 缓存,
    繼續: 继续), one character for one: a prompt in Traditional characters is read, translated
    and judged as the same prompt in Simplified ones."""
    return text if text.isascii() else text.translate(_simplifying())


def _traditional_forms(text, terms):
    """[(a character pair as ``text`` writes it in Traditional characters, the Simplified pair
    of ``terms`` it stands for)]: each pair is searched in both writings (a memory written in
    Traditional characters holds 緩存, not 缓存) and counts as one term."""
    forms = {}
    for run in cjk_runs(text)[0]:
        simple, at = simplified(run), 0
        if simple == run:
            continue
        for part in split_stop_words(simple):
            start = simple.find(part, at) if len(part) > 1 else -1
            if start < 0:
                continue
            at = start + len(part)
            for i in range(start, at - 1):  # each character pair, as the index holds them
                pair, written = simple[i:i + 2], run[i:i + 2]
                if written != pair and pair in terms and (written in forms
                                                          or len(forms) < TRADITIONAL_FORMS):
                    forms.setdefault(written, []).append(pair)
    return [(form, tuple(dict.fromkeys(sources))) for form, sources in forms.items()]

# Words that make a phrasal verb a memory may write as one word (roll back: rollback, set up: setup)
_PARTICLES = frozenset("up down in out on off back over".split())


class Query:
    """A search text taken apart: terms to match, days it names."""

    __slots__ = ("raw", "words", "cjk_terms", "prefixes", "days", "periods", "named", "floating",
                 "other_forms")

    def __init__(self, raw, now):
        # (full-width letters and digits, as a Chinese input method types them, are ASCII ones;
        # Traditional characters are read as Simplified ones, and searched in both writings)
        source = raw.translate(_FULL_WIDTH)
        self.raw = simplified(raw)
        self.floating = {}  # the periods named without a year (see Searcher._anchor_periods)
        self.named, rest = extract_periods(simplified(source), now, self.floating)
        self.periods = self.named  # dates are no terms
        if contains_any(rest.lower(), ("什么", "啥", "哪些", "what")):
            rest = _TEMPLATE_RE.sub(" ", rest)
        self.days = [start for start, _ in self.periods]
        cjk_terms, prefixes = {}, {}  # (dicts: ordered sets)
        runs, latin = cjk_runs(rest)
        parts = [p for run in runs for p in split_stop_words(run) if p]
        all_words = word_runs(latin.lower())
        words = [w for w in all_words if w not in EN_STOP_WORDS and (len(w) > 1 or w.isdigit())]
        if not words and not parts and not self.periods:
            # only stop words (and no date): search for them as given
            words, parts = all_words, runs
        for part in parts:
            if len(part) == 1:
                prefixes[part] = None
            else:
                cjk_terms.update(dict.fromkeys(cjk_bigrams(part)))
        self.words, self.prefixes = list(dict.fromkeys(words)), list(prefixes)
        unique = set(self.words)
        # the prompt's words in another form, each with the terms it stands for: in the other
        # language (GLOSSARY), or two words a memory may write as one ("roll back": rollback)
        self.other_forms = list({a + b: (a,) for a, b in zip(all_words, all_words[1:])
                                 if b in _PARTICLES and a in unique and a.isalpha()
                                 and a + b not in unique}.items())
        # (the words of an identifier or a path are a name, not words to translate: features/user.py;
        # a hyphenated word is still English: per-minute)
        named = set().union(*(
            set(word_runs(m.group(0).lower())) for m in _TECH_TOKEN_RE.finditer(latin)
            if any(c in "._/" for c in m.group(0).strip("._/"))))
        for form, sources in translations(runs, [w for w in self.words if w not in named]):
            if min(sources[0]) >= CJK_CLASS[0]:
                # a glossary word is a word, though a stop word's character is in it (请求, 在线)
                cjk_terms.update(dict.fromkeys(sources))
            sources = tuple(s for s in sources if s in unique or s in cjk_terms)
            if sources:
                self.other_forms.append((form, sources))
        # a person's name in the other script (Chen Hao: 陈浩; 乐乐: Lele)
        for words_, syllables in names_in_latin(source):
            if all(w in unique for w in words_):
                self.other_forms += [(form, words_) for form in han_forms(syllables)]
        for run in runs:
            for form, written in latin_forms(simplified(run)):
                held = tuple(t for t in cjk_bigrams(written) if t in cjk_terms)
                if held:
                    self.other_forms.append((form, held))
        if self.raw != raw:
            self.other_forms += _traditional_forms(source, cjk_terms)
        self.cjk_terms = list(cjk_terms)

    def is_empty(self):
        return not (self.words or self.cjk_terms or self.prefixes)

    def fts_expression(self):
        """An FTS5 MATCH expression: every term quoted, joined by OR."""
        parts = ['"%s"' % t.replace('"', '""') for t in self.words + self.cjk_terms]
        # a Chinese word as the phrase of its character pairs, as the index holds it
        parts += ['"%s"' % " ".join(cjk_bigrams(form)) if min(form) >= CJK_CLASS[0] else '"%s"' % form
                  for form, _ in self.other_forms]
        parts += ['"%s"*' % t.replace('"', '""') for t in self.prefixes]
        return " OR ".join(parts)

    def keeping(self, kept, forms=None):
        """A copy that matches only the terms in ``kept`` (order kept), and the other forms of
        those, or, when ``forms`` is given, the other forms in it (a form matches on its own)."""
        other = Query.__new__(Query)
        other.raw, other.days, other.prefixes, other.periods, other.named, other.floating = (
            self.raw, self.days, self.prefixes, self.periods, self.named, self.floating)
        other.words = [w for w in self.words if w in kept]
        other.cjk_terms = [t for t in self.cjk_terms if t in kept]
        other.other_forms = [(form, sources) for form, sources in self.other_forms
                              if (form in forms if forms is not None else set(sources) & kept)]
        return other

    def near_expression(self):
        """Adjacent query words found within NEAR_DISTANCE tokens of each other."""
        words = self.words + self.cjk_terms
        pairs = ['NEAR("%s" "%s", %d)' % (a.replace('"', '""'), b.replace('"', '""'), NEAR_DISTANCE)
                 for a, b in zip(words, words[1:])]
        return " OR ".join(pairs)

    def scan_terms(self):
        """Terms for the LIKE scan used without FTS5: light stems and bigrams, at most SCAN_TERMS
        (SQLite parses an expression at most 1,000 deep), the longest where there are more."""
        terms = list(dict.fromkeys([light_stem(w) for w in self.words] + self.cjk_terms
                                   + self.prefixes
                                   + [light_stem(form) for form, _ in self.other_forms]))
        if len(terms) > SCAN_TERMS:
            longest = set(sorted(terms, key=len, reverse=True)[:SCAN_TERMS])
            terms = [t for t in terms if t in longest]
        return terms


# A Chinese prompt that asks (a question, or what was decided before) ...
_ASKS_ZH_RE = LazyRe(r"[？?]|吗|呢|什么|怎么|怎样|多久|多少|哪|几|是否|会不会|有没有|能不能|之前|以前|"
                      r"上次|老规矩|原来|当时|定的|约定|规矩")
# ... and one that points at the code in front of the agent
_HERE_ZH_RE = LazyRe(r"这个|这段|这里|这些|这块|这行|这句|这次|当前")


# An English prompt that asks what we decided or do, and one that points at the code in front
_ASKS_EN_RE = LazyRe(r"(?i)\b(?:we|our|us|last time|convention|usually|always)\b")
_HERE_EN_RE = LazyRe(r"(?i)\b(?:this|these|here|above|below)\b")
# A prompt that opens with a request to change code ("add a --verbose flag", "把路径改成..."): it
# asks for work on the code in front, as a prompt pointing at it does
_REQUEST_RE = LazyRe(
    r"(?i)^\s*(?:(?:please|pls|can you|could you|now)\s+)?(?:add|write|make|create|rename|"
    r"refactor|implement|fix|remove|delete|update|change|convert|move|extract|replace|generate|"
    r"split|wrap|clean|format|document|bump|tidy|simplify|rewrite|reorder|sort|inline|turn)\b|"
    r"^\s*(?:请|麻烦)?(?:帮我|帮忙)?(?:给|把|加个|加一个|加上|写个|写一个|写一下|改成|改一下|改为|删掉|"
    r"删除|实现|重构|新增|添加|去掉|补上|补一下|补个|生成)")


def prompt_strength(text, query, info, top):
    """What in a prompt can carry a match on its own (see Searcher.gate): (its strong terms, its
    rare ones in a short prompt, its most specific, its rare Chinese words, whether it is a
    request about the code in front of the agent)."""
    strong = strong_terms(text) - GATE_NOT_NAMES
    rare = (
        {t for t, v in info.items() if v >= GATE_RARE * top} if len(info) <= GATE_SHORT
        else set()) - GATE_TECH_WORDS
    # the prompt's most specific terms: rare in the store, and none carries more information
    best = max(info.values())
    specific = {t for t, v in info.items()
                if v >= GATE_RARE * top and v >= best - 1e-9} - GATE_TECH_WORDS
    rare_cjk = {t for t in rare if t in query.cjk_terms}
    asks_zh, here_zh = bool(_ASKS_ZH_RE.search(text)), bool(_HERE_ZH_RE.search(text))
    asks_en, here_en = bool(_ASKS_EN_RE.search(text)), bool(_HERE_EN_RE.search(text))
    # A rare Chinese word of three characters or more is strong (two overlapping pairs a memory
    # holds both of: 缩略图, 思源黑体; see long_cjk); a lone pair is a two-character word as common
    # as one English word (列表, 接口, 时间) and is strong only when the prompt asks what was decided
    # or how things are, not about the code in front ("日志能查多久以前的？", "按老规矩压一下"; not
    # "给这个接口加个分页") ...
    if asks_zh and not here_zh:
        strong |= rare_cjk
    # ... and the same for a rare English word ("do we keep backups?"; alone it is not enough:
    # "network" in "add error handling around the network call")
    if asks_en and not here_en:
        strong |= rare - rare_cjk
    # a request about the code in front of the agent ("add a timeout to this Redis call",
    # "给这个 goroutine 加上取消") names its tool in passing: one name alone does not bring a
    # project's memories, only the person's standing or global ones (how they want commits)
    here = (here_en or here_zh or bool(_REQUEST_RE.search(text))) and not (asks_en or asks_zh)
    return strong, rare, specific, rare_cjk, here


def long_cjk(pairs, held):
    """Those CJK ``pairs`` that are part of a longer word ``held`` also holds: a pair overlapping
    another held pair by one character (缩略 and 略图 of 缩略图)."""
    return {t for t in pairs if any(o != t and (o[0] == t[1] or o[1] == t[0])
                                    for o in held if len(o) == 2)}


def extensions_in(text):
    """The file extensions a prompt writes (``test_api.py``): they say nothing of what a file is
    about, so they are no gate terms."""
    found = set()
    for m in _TECH_TOKEN_RE.finditer(text):
        token = m.group(0).rstrip(".")
        if "." in token and token.rsplit(".", 1)[1].lower() in _FILE_EXTENSIONS:
            found.add(token.rsplit(".", 1)[1].lower())
    return found


def all_weak(results):
    """No result passes the gate: each is marked weak; the (empty) list of those that pass."""
    for r in results:
        r["weak"] = True
    return []


def gate_forms(query, terms):
    """{other form of a prompt word: the gate terms it stands for}; a plain word is plain in both
    languages (错别字 is a typo)."""
    forms = {form: set(sources) & set(terms) for form, sources in query.other_forms
             if form not in GATE_PLAIN_WORDS and form not in GATE_PLAIN_ZH}
    return {form: sources for form, sources in forms.items() if sources}


def in_periods(query, result):
    """Whether a search result was created in a period the query names."""
    day = local_day(result.get("created_at"), local_zone())
    return any(first.isoformat() <= day <= last.isoformat() for first, last in query.periods)


def of_the_days(query, results):
    """A question that names a day and nothing else ("11月24日做了什么"): that day's records pass
    the gate (at most GATE_NAME_TOP), the others are weak."""
    kept = [r for r in results if in_periods(query, r)][:GATE_NAME_TOP]
    for r in results:
        r["weak"] = r not in kept
    return kept


@functools.lru_cache(maxsize=1)
def _plain_inflections():
    """The inflected forms of GATE_PLAIN_WORDS ("makes sense, keep going" says make and go), not
    every word of their stem (a generator is no plain word, though it stems as "generate" does)."""
    forms = set()
    for word in GATE_PLAIN_WORDS:
        forms.update((word + "s", word + "es", word + "ed", word + "ing", word + word[-1] + "ing",
                      word + word[-1] + "ed"))
        if word.endswith("e"):
            forms.update((word + "d", word[:-1] + "ing"))
        if word.endswith("y"):
            forms.update((word[:-1] + "ies", word[:-1] + "ied"))
    return frozenset(forms)


def gate_terms(query, plain_words=frozenset()):
    """The query's terms that can make a memory relevant to a prompt: its words and CJK bigrams
    without the plain words of a coding conversation (GATE_PLAIN_WORDS, GATE_PLAIN_ZH)."""
    plain = set()
    if query.cjk_terms:
        for run in cjk_runs(query.raw)[0]:
            # (a plain word inside a longer word of the glossary is part of that word: 数据库)
            inside = [(at, at + len(word)) for at, word in _glossary_words(run)
                      if len(word) > 2 and word not in GATE_PLAIN_ZH]
            for word in GATE_PLAIN_ZH:
                at = run.find(word)
                while at >= 0:
                    if not any(a <= at and at + len(word) <= b for a, b in inside):
                        plain.update(run[i:i + 2] for i in range(max(0, at - 1), at + len(word)))
                    at = run.find(word, at + 1)
    return [w for w in query.words if len(w) > 1 and not (w.isdigit() and len(w) < 3)
            and w not in GATE_PLAIN_WORDS and light_stem(w) not in GATE_PLAIN_WORDS
            and w not in _plain_inflections()
            and w not in plain_words] + \
        [t for t in query.cjk_terms if t not in plain]
