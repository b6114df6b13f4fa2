"""Words, CJK runs, stop words, the English-Chinese glossary, ids and names of files.

Uses: base, vocabulary.
"""

import datetime
import functools
import os

from .base import LazyRe, MAX_TEXT, ValidationError
from .vocabulary import VOCABULARY


_CJK_RANGES = (
    ("\u3040", "\u30ff"),  # kana
    ("\u3400", "\u4dbf"), ("\u4e00", "\u9fff"), ("\uf900", "\ufaff"),  # CJK ideographs
    ("\uac00", "\ud7af"),  # hangul
    ("\U00020000", "\U0002ffff"),
)
CJK_CLASS = "".join("%s-%s" % pair for pair in _CJK_RANGES)
CJK_RUN_RE = LazyRe("[%s]+" % CJK_CLASS, below=CJK_CLASS[0])
WORD_RE = LazyRe(r"[^\W_]+")
KEY_POINT_SPLIT_RE = LazyRe(r"[,，、;；]")
SPACE_PUNCT_RE = LazyRe(r"[\W_]+")


def cjk_runs(text):
    """(the text's CJK runs, the text with each run a space)."""
    return CJK_RUN_RE.findall(text), CJK_RUN_RE.sub(" ", text)


def word_runs(text):
    """The runs of letters and digits of ``text``."""
    return WORD_RE.findall(text)


EN_STOP_WORDS = frozenset("""
a about above after again against all am an and any are aren't as at be because been
before being below between both but by can can't cannot could couldn't did didn't do does
doesn't doing don't down during each few for from further had hadn't has hasn't have
haven't having he he'd he'll he's her here here's hers herself him himself his how how's
i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my
myself no nor not of off on once only or other ought our ours ourselves out over own same
shan't she she'd she'll she's should shouldn't so some such than that that's the their
theirs them themselves then there there's these they they'd they'll they're they've this
those through to too under until up very was wasn't we we'd we'll we're we've were weren't
what what's when when's where where's which while who who's whom why why's with won't would
wouldn't you you'd you'll you're you've your yours yourself yourselves
also just ever s t d ll m re ve
""".split())

# Multi-character Chinese function words, removed from queries before bigramming.
ZH_STOP_WORDS = tuple(sorted(set("""
什么 怎么 怎样 怎么样 如何 为什么 为何 哪里 哪儿 哪些 哪个 哪位 多少 几个 是否 是不是 有没有
关于 有关 我们 你们 他们 她们 它们 咱们 自己 这个 那个 这些 那些 这样 那样 这里 那里 一个 一些
一下 告诉 可以 能否 能不能 之前 以前 之间 期间 时候 的时候 曾经 上次 还是 但是 所以 因为 如果 而且 或者
然后 已经 就是 还有 的话 一起 请问 请 吗 呢 吧 啊 呀 嘛 哦 的 了 是 我 你 他 她 它 谁 和 与 及
在 都 也 又 就 把 被 给 对 从 向
""".split()), key=len, reverse=True))


# A glossary of the words of software work in English and Chinese, so a prompt in one language finds
# a memory written in the other ("安卓上选照片闪退" and "photo picker crash on Android"): each entry
# is English forms, then Chinese words.  Search also matches a prompt's words in the other language;
# the injection gate counts a word and its translations as one term (see Query.other_forms).
GLOSSARY = """
account,accounts:账号,账户,帐号 admin:管理员,管理后台 alert,alerts,alerting:告警,报警 algorithm:算法
analytics:埋点,统计 android:安卓 animation:动画 announcement:公告 archive:归档 array:数组
attachment,attachments:附件 audit:审计 auth,authentication:认证,鉴权
authorization,permission,permissions:权限 avatar:头像 backend:后端 backup,backups:备份 balance:余额
bandwidth:带宽 banner:横幅 batch:批量,批处理 benchmark:基准,压测 billing:计费,账单 binary:二进制
blacklist,blocklist:黑名单 bottleneck:瓶颈 branch,branches:分支 breakpoint:断点 broker:代理 browser:浏览器
bucket:存储桶 buffer:缓冲 cache,cached,caching:缓存 callback:回调 canary:灰度 captcha:验证码 cart:购物车
certificate,certificates,cert,certs:证书 changelog:更新日志 channel:渠道,频道 chart,charts:图表
checkout:结账,结算 chunk,chunks:分块,分片 cluster:集群 coupon,coupons:优惠券 comment,comments:评论
commit,commits:提交 compatibility,compatible:兼容 compile,compiler:编译 compress,compression:压缩
concurrency,concurrent:并发 config,configuration:配置 conflict,conflicts:冲突
connection,connections:连接 console:控制台 container,containers:容器
crash,crashes,crashed:崩溃,闪退 crawler,scraper:爬虫 cron:定时任务 currency:货币,币种 customer,customers:客户
dashboard:看板,仪表盘 database,databases:数据库 deadlock:死锁 debounce:防抖 debug,debugging:调试 decrypt:解密
dependency,dependencies:依赖 deploy,deployment,deployed,deploying:部署,上线 desktop:桌面
device,devices:设备 discount:折扣 disk:磁盘 distributed:分布式 dns:域名解析 document,documents,docs:文档
domain:域名 download,downloads:下载 draft,drafts:草稿 duplicate,duplicates:重复 email,emails,mail:邮件,邮箱
encoding:编码 encrypt,encryption:加密 endpoint,endpoints:接口 environment:环境 event,events:事件
expire,expired,expiry,expiration:过期 export:导出 failover:故障转移 feed:信息流 field,fields:字段
filter,filters:筛选,过滤 firewall:防火墙 font,fonts:字体 forms:表单 frontend:前端 gateway:网关 geolocation:定位
gpu:显卡 graph:图谱 grayscale:灰度 hash:哈希 header,headers:请求头 heartbeat:心跳 highlight:高亮 history:历史
homepage:首页 hook,hooks:钩子 hotfix:热修复 icon,icons:图标 idempotent,idempotency:幂等 image,images:图片
import:导入 incident:事故,故障 index,indexes:索引 inventory,stock:库存 invoice,invoices:发票 apple,ios:苹果
keyboard:键盘 latency:延迟,时延 layout:布局 lazy:懒加载 leak:泄漏,泄露 license:许可证 limit,limits:限制,上限
locale,localization,i18n:国际化,多语言 log,logs,logging:日志 login,signin:登录,登陆 logout:登出,退出登录
member,membership:会员 menu:菜单 merge:合并 message,messages:消息 metrics:指标 middleware:中间件
migration,migrations,migrate:迁移 mobile:移动端,手机 mock:模拟 module:模块 monitor,monitoring:监控 network:网络
notification,notifications:推送,通知 offline:离线 online:在线 orders:订单 outage:宕机 overflow:溢出
pagination,paginate,paging:分页 parse,parser,parsing:解析 password,passwords:密码 patch:补丁
payment,payments,pay:支付,付款 performance:性能 photo,photos:照片,相册 pipeline:流水线 plugin,plugins:插件
pool:连接池 popup,modal:弹窗 port:端口 preview:预览 price,pricing:价格,定价 print:打印 privacy:隐私
product,products:商品,产品 production,prod:生产环境,线上 profile:个人资料,资料 proxy:代理 query,queries:查询
queue,queues:队列 quota:配额 ranking:排行,排序 ratelimit,throttle,throttling:限流 refund,refunds:退款
region:地区,区域 register,signup,registration:注册 release:发布,发版 render,rendering:渲染 replica:从库,副本
report,reports:报表,报告 repository,repo:仓库 request,requests:请求 response:响应 retry,retries:重试
review:审核 rollback:回滚 route,routing,router:路由 sandbox:沙箱 scheduler,schedule:调度 schema:表结构
screen:屏幕 screenshot,screenshots:截图 scroll,scrolling:滚动 search:搜索 secret,secrets:密钥 security:安全
server,servers:服务器 session,sessions:会话 settings:设置 share,sharing:分享 shipping:物流,发货
shard,sharding:分片 signature:签名 snapshot:快照 socket:套接字 sort,sorting:排序 spam:垃圾 staging:预发,测试环境
startup:启动 storage:存储 stream,streaming:流式 style,styles:样式 subscription,subscriptions:订阅 sync:同步
tag,tags:标签 task,tasks:任务 template,templates:模板 tenant:租户 thread,threads:线程
thumbnail,thumbnails:缩略图 tile,tiles:瓦片 timeout,timeouts:超时 timezone:时区 token,tokens:令牌
trace,tracing:链路追踪 transaction,transactions:事务,交易 translation:翻译 upgrade:升级 upload,uploads:上传
user,users:用户 validation,validate:校验,验证 verification,verify:验证 version:版本 video,videos:视频
voice:语音 vulnerability:漏洞 wallet:钱包 warehouse:仓库 watermark:水印 webhook:回调 whitelist,allowlist:白名单
window:窗口 worker,workers:工作进程 dark:深色,暗色 theme:主题 color,colour:颜色 background:背景,后台 button:按钮
slide,slides:幻灯片 presentation:汇报,演示 chinese:中文 english:英文 typo:错别字 keyboard:键盘
shortcut,shortcuts:快捷键 editor:编辑器 terminal:终端 indent,indentation:缩进 lint,linter:代码检查
format,formatter:格式化 coverage:覆盖率 fixture,fixtures:夹具 flaky:不稳定 disk:硬盘 onboarding:新手引导
tutorial:教程 invite,invitation:邀请 recommendation,recommend:推荐 ads,advertising:广告 chat:聊天
comment:留言 followers:粉丝 player:播放器 audio:音频 camera:相机,摄像头 scan,scanner:扫码,扫描 qr:二维码 bluetooth:蓝牙
battery:电量,电池 gps:定位 weather:天气 calendar:日历 reminder,reminders:提醒 deadline:截止 holiday:假期
weekend:周末 sample,sampling:采样 trace,traces:追踪,跟踪 dedupe,deduplicate,deduplication:去重
popularity,popular:热度,热门 category,categories:分类,类目 click,clicks:点击
personalized,personalization:个性化 training:训练 inference:推理 weight,weights:权重 threshold:阈值,门槛
experiment,experiments:实验 traffic:流量 noise,noisy:噪音,噪声 precision:精度 decimal,decimals:小数
rounding:四舍五入 amount:金额 isolation,isolate:隔离 client,clients:客户端 credential,credentials:凭证,凭据
keychain:钥匙串 splash:启动页,闪屏 obfuscation,proguard:混淆 list,lists:列表 concurrency:并发 parallel:并行
serial:串行 async:异步 subprocess:子进程 status:状态 output:输出 input:输入 argument,arguments,flag,flags:参数
option,options:选项 default:默认 override:覆盖 precedence,priority:优先级 environment,env:环境
variable,variables:变量 ignore:忽略 whitelist:白名单 glob:通配符 regex:正则 plugin:插件 provider,providers:提供商
credentials:凭证 role,roles:角色 account:账号 permanent:永久 temporary:临时 expiry:有效期
freeze,freezes,froze,frozen,lag,laggy,stutter,jank,janky:卡顿,卡死
checksum,checksums:校验和 signed,signing:签名 platform,platforms:平台 tag:标签 install,installer:安装
lockfile:锁文件 virtualenv,venv:虚拟环境 verbose:啰嗦 commit:提交 prefix:前缀 suffix:后缀 language:语言
error,errors:错误,报错 exception,exceptions:异常 warning,warnings:警告 stacktrace,traceback:堆栈
health,healthcheck:健康检查 probe:探针 restart:重启 cpu:处理器 peak:峰值 stream:流式 file,files:文件
folder,directory:目录,文件夹 path:路径 temporary:临时 monthly:每月 daily:每天,每日 weekly:每周 hourly:每小时
nightly:每晚 timestamp:时间戳 date:日期 time:时间 price,prices:价格 currency:币种 invoice:发票 vat:增值税
receipt:收据 subscription:订阅 trial:试用 downgrade:降级 cancel,cancellation:取消 renew,renewal:续费
state:状态 concise:简洁,简短 refresh,reload:刷新 report,reports:周报,日报 rollback:回退,回滚 standup:站会
retro,retrospective:复盘
model,models:模型 feature,features:功能,特性,特征 message,messages:信息
"""


def short(text, width=80):
    one = " ".join((text or "").split())
    return one if len(one) <= width else one[: width - 1] + "…"


def plural(count, word, words=None):
    """"1 line", "2 lines"."""
    return "%d %s" % (count, word if count == 1 else (words or word + "s"))


_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
UID_RE = LazyRe(r"^[0-9A-HJKMNP-TV-Z]{26}$")


def new_uid(moment=None):
    """A globally unique record id (a ULID: 48 bits of milliseconds, 80 random bits, Crockford
    base 32): the same record on every device, in every note, export and copy."""
    millis = int((moment or datetime.datetime.now(datetime.timezone.utc)).timestamp() * 1000)
    value = (max(0, millis) << 80) | int.from_bytes(os.urandom(10), "big")
    return "".join(_CROCKFORD[(value >> shift) & 31] for shift in range(125, -1, -5))


def derived_uid(kind, source_uid):
    """The uid of a record made from ``source_uid`` by an automatic step (``kind``, e.g. a
    promotion): two devices that take the step on their own make the same record, not two."""
    import hashlib
    tail = int.from_bytes(hashlib.sha256(("%s:%s"
                                          % (kind,
                                             source_uid)).encode("ascii", "replace")).digest()[:10],
                          "big")
    return source_uid[:10] + "".join(
        _CROCKFORD[(tail >> shift) & 31] for shift in range(75, -1, -5))


def sha1_hex(text):
    """The SHA-1 of ``text`` (UTF-8) in hex: names and fingerprints, not security."""
    import hashlib
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()


NOTE_NAME_MAX_BYTES = 180  # UTF-8 bytes of the title part: file systems allow 255 per name


_FILENAME_BAD_RE = LazyRe(
    '[*"\\\\/<>:|?#^\\[\\]%\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]'
)


def clean_name(text, limit):
    """Text made safe for a file name on Windows, macOS and Linux and for Obsidian links.

    Drops * " \\ / < > : | ? # ^ [ ] % and control characters, folds white
    space, strips leading and trailing dots and spaces, cuts to ``limit``.
    Note names always start with an id prefix (L1-000042, S-...), so they
    are never empty, hidden, or a reserved name such as CON.
    """
    name = " ".join(_FILENAME_BAD_RE.sub(" ", text or "").split()).strip(" .")
    if len(name) > limit:
        cut = name[:limit]
        space = cut.rfind(" ")
        if name[limit].isalnum() and cut[-1].isalnum() and space > limit - 20:
            cut = cut[:space]  # end on a whole word
        name = cut.rstrip(" .")
    while len(name.encode("utf-8", "surrogatepass")) > NOTE_NAME_MAX_BYTES:
        name = name[:-1].rstrip(" .")
    return name


_SHELL_SAFE_RE = LazyRe(r"^[\w.,:/@%+-]+$")


def shell_quote(text):
    if _SHELL_SAFE_RE.match(text or ""):
        return text
    return "'" + (text or "").replace("'", "'\"'\"'") + "'"


ZH_STOP_RE = LazyRe(ZH_STOP_WORDS)


def split_stop_words(run):
    """The run cut at each Chinese stop word (the first listed wins where two start at one place).
    """
    return ZH_STOP_RE.split(run)


@functools.lru_cache(maxsize=1)
def glossary():
    """GLOSSARY and VOCABULARY read once: ({English word: its Chinese words}, {Chinese word: its
    English words}, the lengths of the Chinese words, longest first)."""
    to_zh, to_en = {}, {}
    for entry in (GLOSSARY + "\n" + VOCABULARY).split():
        english, chinese = (part.split(",") for part in entry.split(":"))
        for word in english:
            to_zh.setdefault(word, set()).update(chinese)
        for word in chinese:
            to_en.setdefault(word, set()).update(english)
    return to_zh, to_en, sorted({len(word) for word in to_en}, reverse=True)


def check_text(value, what, limit=MAX_TEXT, required=True):
    """Validate one piece of user text and return it stripped."""
    if value is None:
        if required:
            raise ValidationError("%s is required" % what)
        return None
    if not isinstance(value, str):
        raise ValidationError("%s must be text (got %s)" % (what, type(value).__name__))
    text = value.strip()
    if required and not text:
        raise ValidationError("%s must not be empty" % what)
    if len(text) > limit:
        raise ValidationError("%s is too long: %d characters, the limit is %d"
                              % (what, len(text), limit))
    if "\x00" in text:
        raise ValidationError("%s contains a NUL character" % what)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValidationError("%s is not valid UTF-8; check the terminal or file encoding" % what)
    return text
