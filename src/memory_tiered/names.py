"""People's names across scripts: 陈浩 is Chen Hao, 乐乐 is Lele (Hanyu Pinyin, without tones).

PINYIN lists, for each syllable, the characters read so (the ~300 most common surnames and the
characters most used in given names and in text, Simplified and Traditional; a character with
several readings under each), most common first.  Compiled for this project from public
readings (pypinyin, OpenCC, jieba); a line may continue on the next with the same syllable.

Uses: base.
"""

import functools

from .base import LazyRe

PINYIN = """
a 啊阿腌
ai 爱愛埃艾碍礙癌哀哎唉挨捱矮隘暧曖蔼藹欸皑皚霭靄叆靉
an 安案按暗闇岸俺氨胺鞍庵菴黯谙諳桉
ang 昂肮骯盎
ao 奥奧澳傲熬凹嗷鳌鰲懊敖袄襖翱遨鏊骜驁
ba 把吧巴八爸罢罷拔霸坝壩垻芭扒叭跋靶疤粑峇笆
bai 白百败敗伯拜摆擺襬柏掰擘佰呗唄
ban 办辦版半班般板闆伴颁頒搬扮斑瓣拌阪扳绊絆坂
bang 帮幫邦棒绑綁榜镑鎊膀磅傍谤謗浜蚌
bao 保报報包宝寶暴爆抱胞堡剥薄饱飽鲍鮑豹褒孢苞煲葆曝刨
bei 被北备備背揹贝貝杯盃倍悲辈輩碑卑呗唄惫憊悖钡鋇焙狈狽蓓琲邶臂
ben 本奔笨苯贲賁犇
beng 崩泵蹦绷繃綳镚鏰蚌
bi 比必秘祕毕畢币幣避笔筆闭閉逼彼壁鼻臂弊蔽庇毙斃碧鄙陛痹匕璧哔嗶俾屄弼铋鉍賁苾辟贲
bian 变變边邊便编編遍辩辯辨贬貶扁鞭蝙辫辮匾卞
biao 表錶标標婊彪镖鏢飙飆镳鑣骉驫
bie 别別彆憋鳖鱉苾
bin 宾賓滨濱濒瀕槟檳殡殯彬斌缤繽膑臏邠镔鑌玢
bing 并並併病兵冰饼餅柄丙秉禀稟炳摒邴屏槟檳
bo 播般博波伯剥剝薄玻拨撥柏泊勃驳駁卜蔔搏脖舶膊菠渤钵鉢缽铂鉑帛蕃擘
bu 不部布佈步补補捕怖卜哺簿埠堡埔
ca 擦
cai 才纔采採寀埰财財材彩綵裁菜猜蔡踩睬偲
can 参參餐残殘惨慘灿燦掺摻惭慚蚕蠶璨粲
cang 藏仓倉苍蒼舱艙沧滄
cao 操草曹槽糙艹嘈
ce 策测測册冊侧側厕廁厠
cen 岑涔参參
ceng 曾层層蹭
cha 查察差茶插叉岔诧詫茬刹喳
chai 差拆柴钗釵
chan 产產産鉆阐闡缠纏禅禪铲鏟剷颤顫忏懺蝉蟬馋饞蟾潺婵嬋镡单單掺摻
chang 长長场場常厂廠唱尝嘗嚐偿償昌倡畅暢肠腸敞娼猖嫦苌萇昶玚瑒裳
chao 超朝潮吵炒嘲抄巢钞鈔晁焯怊绰綽
che 车車彻徹撤尺扯澈掣
chen 陈陳沉晨臣尘塵趁衬襯辰忱琛郴宸谌諶称稱
cheng 成程城称稱承盛诚誠乘呈惩懲撑撐澄橙丞逞秤骋騁晟埕琤铖鋮珵枨棖宬铛鐺
chi 持吃喫迟遲尺池赤耻恥齿齒斥痴癡驰馳翅侈炽熾弛敕呎墀郗匙
chong 种種重充冲衝沖虫蟲崇宠寵憧忡铳銃翀
chou 抽筹籌丑醜仇讎臭酬畴疇愁绸綢瞅稠俦儔
chu 出齣处處除初础礎楚触觸储儲厨廚畜雏雛橱櫥矗锄鋤搐黜杵褚禇
chuai 揣踹
chuan 传傳穿船川串喘
chuang 创創床牀窗闯闖幢疮瘡
chui 吹垂锤錘鎚椎槌炊
chun 春纯純蠢唇脣醇淳椿莼蓴蒓
chuo 戳绰綽辍輟
ci 此次词詞刺辞辭慈磁茨赐賜瓷雌伺祠疵差兹茲
cong 从從聪聰丛叢匆葱蔥囱囪枞樅璁淙琮骢驄
cou 凑湊
cu 促粗醋猝簇卒
cuan 窜竄篡攒攢
cui 粹摧脆催崔翠萃悴璀
cun 存村寸吋
cuo 错錯措挫磋撮搓
da 大打达達答搭哒噠鞑韃靼瘩嗒妲笪
dai 大代带帶待贷貸戴袋逮呆獃歹黛殆岱怠傣玳
dan 但单單担擔弹彈蛋丹旦胆膽诞誕淡耽氮郸鄲惮憚眈澹儋聃
dang 当當噹党黨档檔荡蕩盪挡擋裆襠宕铛鐺
dao 到道导導岛島倒刀盗盜蹈祷禱稻悼捣搗擣叨焘燾
de 的地得德
dei 得
deng 等登灯燈邓鄧澄凳瞪
di 的地第提低底帝弟敌敵抵牴迪递遞蒂滴缔締狄堤笛邸涤滌诋詆谛諦棣睇嫡砥翟娣荻镝鏑頔
dian 电電点點店典殿甸颠顛垫墊奠淀澱癫癲巅巔滇碘惦佃钿鈿
diao 调調掉雕鵰彫琱吊弔钓釣屌刁叼碉貂凋
die 跌爹谍諜叠疊蝶碟迭牒喋昳
ding 定顶頂订訂丁钉釘盯鼎叮锭錠玎
diu 丢丟
dong 动動东東懂洞董冬鼕冻凍栋棟咚侗岽崬
dou 都斗鬥豆抖逗兜痘陡窦竇鈄
du 都度独獨读讀毒督赌賭渡杜肚堵睹妒嘟笃篤渎瀆镀鍍
duan 断斷段短端锻鍛
dui 对對队隊堆兑兌
dun 顿頓敦吨噸盾蹲钝鈍沌炖燉墩囤遁
duo 多度夺奪躲朵堕墮哆惰舵铎鐸剁咄
e 阿俄恶惡噁额額饿餓厄鹅鵝鄂鳄鱷鰐遏噩呃娥扼峨蛾讹訛颚顎谔諤锷鍔婀鹗鶚哦
ei 诶誒欸
en 恩嗯
er 而二尔爾儿兒耳饵餌贰貳洱佴
fa 发發髮法罚罰乏伐阀閥筏鍅
fan 反范範犯翻饭飯泛氾汎烦煩繁返凡番贩販帆梵藩蕃樊钒釩璠蘩
fang 方放房防访訪仿彷纺紡坊妨芳肪舫昉钫鈁邡
fei 非费費飞飛废廢菲肥啡肺匪妃沸斐诽誹绯緋翡吠腓霏
fen 分份粉纷紛奋奮愤憤氛芬焚坟墳粪糞吩汾酚玢
feng 风風封丰豐疯瘋峰峯奉锋鋒凤鳳讽諷缝縫蜂逢冯馮枫楓俸烽沣灃酆
fo 佛
fou 否
fu 府服复覆復複负負夫伕福父富副付妇婦附佛彿符幅腐肤膚弗辅輔赋賦扶赴抚撫浮伏腹辐輻傅俘芙缚縛蝠敷俯斧甫阜孵咐釜袱氟拂孚驸駙涪馥宓绂紱
ga 咖尬伽嘎噶尕
gai 该該改概盖蓋钙鈣溉丐
gan 感干乾幹榦敢赶趕甘杆桿肝尴尷橄赣贛竿柑苷秆稈咁淦
gang 港刚剛钢鋼岗崗纲綱冈岡杠槓缸肛罡扛
gao 高告搞糕稿膏镐鎬睾羔诰誥皋郜
ge 个個箇閤各格革哥歌盖蓋隔阁閣割戈葛咯搁擱鸽鴿胳骼铬鉻镉鎘疙仡舸哿蛤
gei 给給
gen 根跟亘亙艮
geng 更耕耿梗庚羹赓賡颈頸
gong 公工共供功攻宫宮贡貢恭巩鞏弓拱躬汞龚龔
gou 构構够夠购購狗句沟溝勾钩鉤鈎苟垢诟詬缑緱
gu 故古股顾顧固估鼓谷穀骨姑孤雇僱贾賈辜菇咕沽蛊蠱锢錮箍呱钴鈷鹄鵠
gua 挂掛瓜寡刮颳卦呱
guai 怪乖拐柺枴
guan 关關管官观觀馆館舘冠惯慣贯貫灌罐棺莞瓘纶綸矜
guang 广廣光逛胱桄
gui 规規贵貴归歸鬼轨軌柜櫃跪龟龜瑰桂诡詭圭硅闺閨傀皈鲑鮭癸桧檜炅匮匱
gun 滚滾棍丨
guo 国國过過果锅鍋郭裹虢涡渦
ha 哈蛤虾蝦
hai 还還海孩害嗨骸亥骇駭氦
han 韩韓汉漢含喊翰汗涵憾函罕寒旱捍撼悍焊邯憨瀚晗焓阚闞菡浛
hang 行航杭夯珩沆巷
hao 好号號毫豪耗浩壕嚎郝皓蒿昊灏灝颢顥淏皞镐鎬
he 和合何黑河核覈喝荷赫贺賀盒呵鹤鶴褐劾禾颌頜阂閡诃訶涸菏壑吓嚇
hei 黑嘿
hen 很恨狠痕
heng 衡横橫恒恆亨哼桁蘅珩
hong 红紅轰轟洪宏虹鸿鴻弘哄鬨烘垬訇泓
hou 后後候厚侯猴喉吼逅郈
hu 和护護户戶乎互湖呼胡鬍衚忽虎糊餬狐沪滬蝴壶壺瑚弧唬葫浒滸琥惚扈祜鹄鵠
hua 化话話划劃畫华華花画畵滑哗譁嘩桦樺猾骅驊铧鏵
huai 坏壞怀懷淮徊踝槐
huan 还還欢歡环環换換患缓緩幻唤喚痪瘓焕煥桓宦寰浣涣渙奂奐洹郇
huang 黄黃皇荒谎謊慌凰煌晃簧恍惶幌潢磺蝗璜篁
hui 会會回迴挥揮汇匯彙滙毁毀燬譭恢惠绘繪灰慧徽辉輝悔贿賄讳諱秽穢卉晦诲誨彗荟薈烩燴麾晖暉诙詼珲琿蕙
hun 婚混魂昏浑渾
huo 和活或获獲穫火货貨伙夥霍惑祸禍豁钬鈥
ji 机機及计計系繫给給己记記基际際几幾级級集技济濟即卽击擊纪紀极極继繼积積奇激辑輯季急吉既旣藉绩績鸡雞鷄籍迹跡蹟疾剂劑寄圾祭挤擠肌矶磯忌寂妓饥飢饑暨脊稽缉緝姬冀嫉棘羁羈畸伎汲亟叽嘰跻躋唧蓟薊讥譏戟
ji 稷岌觊覬箕玑璣偈霁霽荠薺骥驥楫佶戢嵇
jia 家傢加价價假架佳甲驾駕嘉嫁夹夾贾賈茄伽迦颊頰钾鉀枷稼戛珈荚莢镓鎵郏郟葭笳
jian 间間建见見件简簡监監检檢坚堅减減健渐漸键鍵兼舰艦荐薦剑劍践踐鉴鑑鑒奸姦尖箭艰艱剪肩贱賤柬捡撿碱鹼煎歼殲俭儉溅濺拣揀谏諫缄緘茧繭涧澗菅笺箋蹇楗槛檻
jiang 将將强強江讲講奖獎奬降疆蒋蔣僵殭酱醬浆漿匠姜薑桨槳绛絳茳
jiao 教敎交较較叫角脚腳焦胶膠骄驕郊缴繳轿轎椒娇嬌蕉搅攪酵礁剿矫矯绞絞嚼浇澆狡跤饺餃侥僥窖佼蛟皎姣峤嶠觉覺校
jie 结結解接界节節介街阶階姐届屆借藉截杰傑揭皆洁潔戒捷劫竭诫誡睫芥羯拮颉頡婕桀劼桔
jin 进進金今近仅僅尽盡儘紧緊禁津锦錦晋晉劲勁斤谨謹巾筋浸烬燼槿襟觐覲矜缙縉瑾荩藎靳堇衿琎璡
jing 经經京境警精景竟竞競惊驚静靜镜鏡径徑净淨凈敬睛井晶颈頸靖鲸鯨荆荊茎莖阱菁靓靚痉痙憬泾涇兢儆旌璟婧劲勁
jiong 窘囧迥炯炅
jiu 就究久救酒九旧舊纠糾舅揪咎鸠鳩疚灸臼鹫鷲玖
ju 据據举舉具局侷居剧劇巨鉅句聚距拒俱惧懼拘矩榘菊飓颶沮橘狙锯鋸炬咀驹駒鞠踞桔钜琚
juan 卷捲捐倦眷鹃鵑绢絹娟涓隽雋圈
jue 决決觉覺绝絕絶角爵掘崛诀訣抉嚼厥倔獗玨珏
jun 军軍均君菌郡俊儁峻竣骏駿钧鈞浚隽雋珺龟龜筠
ka 卡咖喀咔咯
kai 开開凯凱慨楷铠鎧恺愷闿闓锴鍇垲塏
kan 看刊堪砍坎勘槛檻瞰侃龛龕阚闞
kang 抗康慷扛炕亢
kao 考靠烤拷铐銬
ke 可科克剋客刻课課颗顆壳殼渴柯棵咳苛磕恪珂嗑氪坷轲軻锞錁
ken 肯恳懇垦墾啃龈齦
keng 坑铿鏗
kong 空控恐孔
kou 口扣釦寇抠摳叩
ku 苦库庫哭酷裤褲枯窟骷
kua 跨夸誇垮胯
kuai 会會快块塊筷蒯
kuan 款宽寬
kuang 况況狂矿礦框旷曠眶匡邝鄺圹壙
kui 亏虧溃潰愧馈饋窥窺魁盔奎葵匮匱睽夔逵揆馗岿巋隗傀
kun 困睏昆崑捆綑坤锟錕鲲鯤琨堃焜
kuo 括适扩擴阔闊廓
la 拉落啦腊臘垃辣蜡蠟喇剌
lai 来來莱萊赖賴睐睞濑瀨籁籟徕徠
lan 兰蘭蓝藍览覽篮籃烂爛栏欄滥濫拦攔懒懶榄欖缆纜婪揽攬澜瀾岚嵐斓斕阑闌镧鑭
lang 浪朗郎狼廊琅螂榔莨瑯稂
lao 老落劳勞牢捞撈佬姥酪烙唠嘮
le 了乐樂肋勒
lei 类類雷勒累纍泪淚蕾垒壘儡擂磊镭鐳耒檑肋
leng 冷棱稜愣楞
li 里裏裡理力利立历歷曆厤离離例礼禮李丽麗励勵黎隶隸厉厲莉璃粒厘釐梨哩栗慄吏狸罹鲤鯉荔犁雳靂篱籬沥瀝笠锂鋰漓灕砾礫莅蒞俐俚喱俪儷砺礪溧栎櫟澧藜骊驪鹂鸝郦酈跞躒蓠蘺
lia 俩倆
lian 联聯连連练練脸臉链鏈鍊恋戀炼煉廉怜憐莲蓮帘簾敛斂镰鐮鎌涟漣濂琏璉楝潋瀲
liang 两兩量亮良辆輛粮糧梁樑凉涼谅諒晾粱椋俩倆靓靚莨
liao 了瞭料疗療聊辽遼僚寮寥廖撩缭繚
lie 列烈裂猎獵劣咧洌
lin 林临臨邻鄰琳淋赁賃磷麟鳞鱗躏躪凛凜霖遴吝拎蔺藺粼
ling 领領另令灵靈零龄齡凌淩陵岭嶺铃鈴玲聆菱绫綾羚伶苓呤翎泠棂欞瓴
liu 流留六刘劉浏瀏柳瘤溜硫榴琉馏餾遛鎏骝騮碌
long 龙龍隆笼籠垄壟拢攏咙嚨聋聾陇隴胧朧珑瓏泷瀧弄
lou 楼樓露漏陋搂摟喽嘍髅髏娄婁
lu 路录錄彔録六陆陸露鲁魯绿緑卢盧炉爐鹿撸擼赂賂虏虜芦蘆碌戮禄祿庐廬颅顱噜嚕麓泸瀘卤滷鹵掳擄橹櫓鹭鷺璐潞渌淥逯
luan 乱亂卵挛攣滦灤鸾鸞栾欒銮鑾
lun 论論伦倫轮輪沦淪仑侖崙纶綸
luo 罗羅落络絡洛逻邏裸萝蘿螺骆駱啰囉锣鑼骡騾珞椤欏雒烙跞躒
lv 律率旅虑慮绿綠緑侣侶履滤濾屡屢吕呂驴驢铝鋁氯榈櫚缕縷
lve 略掠
ma 吗嗎马馬妈媽码碼嘛麻玛瑪骂罵駡蚂螞嬷嬤蟆摩抹
mai 买買卖賣麦麥脉脈迈邁埋霾
man 满滿慢漫曼蛮蠻瞒瞞蔓馒饅鳗鰻谩謾镘鏝埋
mang 忙盲芒氓茫莽蟒漭
mao 毛贸貿冒猫貓貌矛帽茅茂髦锚錨卯懋茆
me 么麼麽
mei 没沒美每媒妹梅煤枚魅玫眉霉黴莓媚昧酶镁鎂寐湄楣嵋镅鎇渼糜
men 们們门門闷悶
meng 盟梦夢蒙濛矇懞猛孟萌檬锰錳朦懵氓
mi 米密秘祕迷蜜弥彌瀰咪谜謎泌觅覓靡幂冪祢禰醚眯糜谧謐弭宓敉
mian 面麪麵麫免缅緬棉眠绵綿勉冕娩
miao 描秒妙庙廟苗瞄喵渺缪繆藐淼邈
mie 灭滅蔑衊咩乜
min 民敏闽閩悯憫闵閔泯旻珉
ming 名明命鸣鳴铭銘冥茗溟
miu 谬謬缪繆
mo 万萬模魔末莫摩默墨摸磨漠膜陌抹寞沫茉蘑摹谟謨蓦驀秣没脉脈
mou 某谋謀牟缪繆眸
mu 目母木幕姆穆墓牧慕募亩畝牡睦拇牟暮沐模
na 那哪拿纳納娜呐吶钠鈉
nai 能奶耐乃奈鼐佴
nan 南难難男楠喃囡
nang 囊
nao 脑腦闹鬧恼惱挠撓瑙淖
ne 呢讷訥
nei 那内內哪
nen 嫩
neng 能
ni 你呢尼拟擬泥逆妮匿妳腻膩昵暱溺倪祢禰霓旎
nian 年念唸粘廿黏辗輾碾鲶鯰
niang 娘孃酿釀
niao 鸟鳥尿溺
nie 捏涅孽聂聶镍鎳乜
nin 您
ning 宁甯寧凝柠檸拧擰泞濘
niu 牛纽紐扭钮鈕妞
nong 农農弄浓濃脓膿侬儂
nu 努奴怒弩
nuan 暖
nuo 诺諾挪懦糯娜
nv 女
nve 虐疟瘧
o 哦喔噢
ou 区區欧歐偶殴毆呕嘔鸥鷗藕讴謳
pa 怕帕爬啪趴琶扒
pai 派排拍牌徘湃迫
pan 判盘盤叛攀盼潘畔拚磐泮番
pang 房旁彷胖庞龐乓螃逄膀磅
pao 跑炮泡抛拋袍刨咆
pei 配培陪赔賠佩胚沛裴呸珮霈
pen 喷噴盆
peng 朋碰膨彭蓬鹏鵬篷捧烹棚抨砰澎硼芃
pi 批皮屁匹披辟闢疲脾啤譬癖毗劈蕃僻霹媲琵痞丕
pian 片便骗騙篇偏翩扁
piao 票漂朴飘飄嫖
pie 撇瞥
pin 品频頻贫貧拼聘嫔嬪姘
ping 平评評苹蘋凭憑屏瓶坪乒萍枰娉
po 破迫婆坡繁泊颇頗泼潑珀魄朴
pou 剖
pu 普谱譜葡铺鋪浦曝扑撲埔仆僕朴樸菩瀑蒲噗莆溥舖濮圃璞暴堡
qi 其起祇期气氣器企奇七汽弃棄妻启啓啟旗旂齐齊骑騎歧欺棋棊祈契戚慼漆栖棲泣乞迄岂豈淇琪崎鳍鰭凄悽淒麒砌绮綺蹊祁杞脐臍琦憩岐祺耆俟綦圻萁芑颀頎骐騏亓稽荠薺
qia 恰洽掐卡
qian 前乾钱錢千韆签籤簽潜潛迁遷歉牵牽遣欠浅淺谴譴縴谦謙铅鉛嵌虔茜黔钳鉗倩佥僉骞騫钤鈐芊仟钎釺岍纤
qiang 强強枪槍抢搶墙牆墻腔呛嗆羟羥蔷薔羌锵鏘嫱嬙镪鏹
qiao 桥橋巧乔喬瞧壳殼殻敲侨僑悄雀翘翹窍竅俏橇跷蹺撬峭鞘樵憔荞蕎谯譙峤嶠
qie 且切窃竊伽妾怯惬愜郄茄
qin 亲親侵琴勤秦禽钦欽寝寢擒沁芹芩覃
qing 情请請亲親清轻輕青庆慶倾傾擎卿顷頃氢氫晴氰罄箐淸磬靑苘
qiong 穷窮琼瓊穹
qiu 求球秋鞦仇丘囚酋邱裘糗逑楸俅萩龟龜
qu 去区區取曲麴麯趣趋趨驱驅屈渠娶躯軀祛衢蛆瞿璩蕖
quan 全权權圈券泉拳劝勸犬诠詮痊醛荃铨銓
que 确確却卻缺雀鹊鵲阙闕瘸
qun 群羣裙
ran 然染燃冉苒
rang 让讓壤嚷
rao 扰擾绕繞饶饒娆嬈
re 热熱惹若
ren 人任认認忍仁刃韧韌饪飪妊纫紉壬
reng 仍扔
ri 日
rong 容融荣榮溶熔绒絨蓉冗茸镕鎔戎榕嵘嶸
rou 肉柔揉蹂
ru 如入乳辱儒汝蠕孺茹濡
ruan 软軟阮
rui 瑞锐銳鋭睿蕊芮蕤汭
run 润潤闰閏
ruo 若弱偌
sa 萨薩撒洒灑飒颯
sai 赛賽塞鳃鰓
san 三散伞傘
sang 丧喪桑嗓
sao 骚騷扫掃嫂
se 色塞瑟涩澀啬嗇
sen 森
seng 僧
sha 杀殺沙啥傻厦廈莎纱紗鲨鯊砂刹剎煞杉
shai 色晒曬筛篩
shan 单單山善闪閃陕陝删刪杉擅扇珊煽衫汕膳缮繕讪訕鳝鱔赡贍姗姍舢钐釤剡禅禪栅柵
shang 上商伤傷尚赏賞裳晌
shao 少绍紹召烧燒稍哨邵韶勺梢劭
she 社设設射摄攝涉折舍捨蛇舌奢赦慑懾厍厙畲佘滠灄
shei 谁誰
shen 什身参參蔘神深审審甚申伸沈瀋慎渗滲肾腎婶嬸绅紳呻娠砷莘谌諶燊诜詵珅
sheng 生省声聲升昇陞胜勝圣聖盛乘剩牲绳繩甥笙嵊晟
shi 是时時事实實市世使式视視始十师師史示士失识識试試势勢施食室石适適似释釋诗詩饰飾驶駛尸屍湿溼濕氏狮獅逝誓拾侍蚀蝕屎匙矢噬嗜仕柿谥諡謚拭轼軾奭什
shou 手受收首售授守熟兽獸寿壽瘦狩绶綬
shu 数數术術朮书書属屬述输輸束树樹熟署殊舒叔鼠疏蔬枢樞暑墅赎贖恕薯竖豎竪蜀淑梳抒曙庶俞纾紓漱孰姝澍殳
shua 刷耍
shuai 率帅帥衰摔甩
shuan 栓
shuang 双雙爽霜孀
shui 水谁誰睡税稅
shun 顺順瞬舜吮
shuo 说說説硕碩朔烁爍铄鑠
si 斯司死四思似私俬丝絲寺饲飼肆撕祀嗣巳厮廝泗嘶驷駟锶鍶鸶鷥偲伺俟
song 送松鬆宋讼訟颂頌诵誦耸聳悚怂慫淞嵩崧凇
sou 搜蒐艘嗽
su 速苏甦蘇囌诉訴素俗肃肅塑宿稣穌溯泝遡酥粟
suan 算酸痠蒜
sui 岁歲嵗随隨虽雖碎遂隧髓隋绥綏穗祟睢燧眭尿
sun 损損孙孫笋筍
suo 所索缩縮锁鎖莎梭琐瑣嗦唆
ta 他她它牠塔踏塌祂榻蹋獭獺拓嗒
tai 台臺檯枱颱太态態泰胎抬汰苔薹钛鈦肽邰
tan 谈談弹彈探坦坛壇罈墰壜罎贪貪滩灘碳叹嘆歎炭摊攤瘫癱谭譚潭毯檀坍痰昙曇袒澹郯覃锬錟镡
tang 堂唐糖醣汤湯躺塘趟烫燙倘膛棠淌傥儻瑭
tao 讨討套逃萄桃淘陶涛濤掏韬韜滔弢叨焘燾
te 特忒
teng 腾騰疼藤滕
ti 体體题題提替梯踢惕剃剔蹄屉屜缇緹涕嚏啼倜悌
tian 天田甜填添舔恬湉
tiao 调調条條挑跳眺
tie 铁鐵贴貼帖
ting 听聽停庭厅廳挺廷艇亭汀町霆婷烃烴蜓珽葶
tong 同衕通统統童痛铜銅桶筒桐捅酮瞳潼彤佟僮仝
tou 头頭投透偷骰钭
tu 图圖土突途徒屠吐涂塗兔凸秃禿荼钍釷
tuan 团團糰湍彖
tui 推退腿褪颓頹頽蜕蛻
tun 吞臀屯豚暾褪囤
tuo 托託脱脫拖拓妥陀驼駝椭橢唾坨鸵鴕庹
wa 瓦娃挖哇袜襪蛙洼窪
wai 外歪崴
wan 万萬完玩翫晚湾灣弯彎碗挽輓顽頑丸腕宛烷婉皖纨紈蜿豌惋畹菀琬蔓莞
wang 网網望王往亡忘旺妄汪枉罔
wei 为爲為位委未维維围圍卫衛衞威微危味违違谓謂唯伟偉尾伪僞偽慰韦韋喂餵胃薇畏魏尉纬緯惟萎猥渭蔚潍濰帷苇葦痿玮瑋猬蝟巍娓圩炜煒葳隗崴
wen 文问問闻聞温溫稳穩吻纹紋蚊汶瘟紊雯玟
weng 翁嗡瓮甕
wo 我握沃窝窩卧臥涡渦挝撾蜗蝸渥斡倭龌齷喔
wu 无無物务務五武误誤舞午屋乌烏污汙伍吴吳雾霧吾悟巫坞塢侮勿晤呜嗚唔芜蕪诬誣梧鹉鵡毋捂戊兀妩嫵邬鄔鋈仵恶惡噁
xi 西系係繫息喜希戏戲习習席蓆细細析吸洗袭襲悉惜牺犧锡錫稀夕溪媳晰熙昔膝徙隙嘻烯犀熄禧兮茜嬉蜥玺璽曦汐熹羲奚皙铣銑浠晞翕郗蹊郄
xia 下夏辖轄吓嚇厦廈峡峽侠俠狭狹瞎虾蝦霞暇瑕匣遐黠
xian 现現先线綫線县縣显顯限险險鲜鮮献獻宪憲洗陷闲閒閑嫌仙纤纖衔銜咸鹹贤賢弦絃掀腺羡羨馅餡痫癇酰娴嫺嫻暹舷冼鹇鷳鷴
xiang 想相向嚮曏像香项項象响響乡鄉享降详詳箱祥厢廂翔湘橡巷襄镶鑲饷餉缃緗芗薌骧驤
xiao 小校消效笑销銷晓曉削肖孝萧蕭宵逍嚣囂淆啸嘯硝潇瀟哮枭梟霄箫簫骁驍筱哓嘵虓
xie 些解写寫协協谢謝血胁脅械鞋邪泄洩谐諧携攜斜歇卸蟹懈屑亵褻泻瀉蝎蠍挟挾偕邂榭撷擷颉頡燮勰
xin 新心信辛欣薪芯衅釁馨锌鋅鑫忻昕莘歆鐔寻尋
xing 行性形型省星兴興幸倖刑醒姓腥猩杏邢惺婞
xiong 兄雄胸凶兇熊匈汹洶
xiu 修脩休秀袖宿羞绣繡綉朽锈鏽銹嗅岫琇庥臭
xu 需许許续續须須鬚序虚虛绪緒叙敘敍吁徐蓄恤卹婿嘘噓墟旭絮酗栩戌诩詡胥圩煦顼頊勖畜浒滸
xuan 选選宣旋鏇悬懸玄炫轩軒喧渲漩萱眩绚絢璇璿癣癬铉鉉暄瑄泫煊烜
xue 学學血雪削穴薛靴
xun 训訓讯訊寻尋询詢迅巡循逊遜旬勋勳勛驯馴熏燻殉薰汛荀浔潯洵埙壎塤郇珣
ya 亚亞压壓牙雅呀押涯鸭鴨讶訝鸦鴉崖芽丫哑啞娅婭衙轧軋
yan 言研演验驗严嚴眼延烟煙菸沿颜顏顔厌厭岩巖盐鹽掩炎宴艳豔艷燕衍淹焰咽嚥彦彥焉阎閻堰雁谚諺阉閹腌醃俨儼蜒檐奄晏妍嫣湮兖兗胭砚硯闫閆鄢琰焱滟灩灧姸铅鉛殷剡
yang 样樣阳陽养養央洋扬揚仰杨楊羊氧痒癢殃恙鸯鴦疡瘍炀煬烊秧漾泱旸暘玚瑒
yao 要么药藥葯邀摇搖遥遙耀妖腰咬谣謠謡钥鑰姚窑窯肴餚瑶瑤夭尧堯幺窈曜垚疟瘧侥僥
ye 也业業夜页頁野叶葉爷爺液耶冶椰腋掖曳谒謁邺鄴烨燁晔曄咽
yi 一以意已议議义義医醫易艺藝依移亿億益伊异異疑遗遺亦衣译譯仪儀忆憶宜役疫翼裔抑谊誼姨椅乙夷毅蚁蟻逸绎繹溢怡矣沂咦倚邑弈彝驿驛胰奕壹颐頤翌轶軼懿蜴屹诣詣祎禕漪贻貽佚熠弋翊揖铱銥镒鎰诒詒钇釔薏羿峄嶧
yi 旖苡佾怿懌燚艾尾仡昳
yin 因音引印银銀隐隱阴陰饮飲姻淫瘾癮吟殷茵荫蔭廕尹寅胤垠堙龈齦
ying 应應影英营營迎赢贏映硬婴嬰盈鹰鷹樱櫻颖穎蝇蠅萤螢荧熒鹦鸚莺鶯莹瑩罂罌瀛膺颍潁嬴瑛萦縈缨纓楹蓥鎣璎瓔滢瀅潆瀠
yo 哟喲唷
yong 用拥擁永勇泳涌湧佣傭庸咏詠雍踊踴恿俑甬镛鏞墉
you 有由又游遊友优優油右尤邮郵犹猶幼忧憂诱誘幽悠佑呦铀鈾攸鱿魷柚釉祐酉宥囿猷铕銪
yu 于於与與语語育预預域遇余餘鱼魚予雨狱獄欲慾娱娛誉譽玉宇愈癒御禦籲渔漁舆輿寓愚屿嶼浴逾踰愉郁鬱羽裕豫喻瑜尉榆渝虞蔚驭馭禹谕諭淤俞禺隅芋迂瘀峪毓昱聿钰鈺煜彧妤庾俣俁淯玙璵谷吁粥
yuan 员員原院元源远遠愿願园園援缘緣圆圓怨袁冤渊淵苑猿垣沅媛鸳鴛辕轅鸢鳶塬瑗橼櫞
yue 月约約乐樂越阅閱閲跃躍曰悦悅岳嶽粤粵钥鑰鈅玥钺鉞樾
yun 员員运運云雲允孕晕暈韵韻蕴蘊藴匀勻陨隕酝醞醖芸蕓纭紜耘筠昀恽惲韫韞赟贇妘鋆沄澐
za 杂雜砸咋扎紮咱
zai 在再载載灾災仔宰栽哉崽
zan 赞贊讚暂暫咱攒攢昝
zang 藏脏髒臟葬赃贓贜臧
zao 造早遭糟澡噪譟燥躁皂皁凿鑿枣棗藻灶竈
ze 则則责責择擇泽澤啧嘖赜賾咋
zei 贼賊
zen 怎
zeng 增曾赠贈憎
zha 查査炸扎紮诈詐闸閘渣札榨眨栅柵乍喳咋轧軋
zhai 债債宅祭寨摘窄斋齋翟
zhan 展战戰站占佔詹斩斬粘沾霑崭嶄湛栈棧瞻绽綻盏盞戦蘸毡氈旃颤顫辗輾
zhang 长長张張章障掌涨漲账賬帐帳丈胀脹彰仗杖漳璋蟑樟仉
zhao 照找朝招召赵趙罩兆昭沼爪肇诏詔钊釗棹曌着
zhe 这這着者著折摺哲浙遮蔗辙轍辄輒褶蛰蟄锗鍺鹧鷓赭喆
zhen 真眞镇鎮鎭针針鍼震阵陣圳珍诊診振侦偵贞貞枕朕祯禎疹甄帧臻赈賑斟箴榛桢楨禛浈湞蓁
zheng 政正证證証争爭整征徵症癥郑鄭挣掙拯蒸睁睜筝箏幀铮錚峥崢诤諍钲鉦
zhi 之只祇衹隻制製知治至直指支质質织織职職值致緻止志誌置执執址智纸紙植殖旨秩芝脂枝帜幟滞滯肢汁稚蜘掷擲侄挚摯趾峙窒酯炙祉痔芷郅陟枳氏
zhong 中种種重众衆眾终終钟鍾鐘鈡忠肿腫衷仲冢塚踵
zhou 州周週賙洲宙轴軸骤驟咒舟皱皺粥昼晝肘帚胄冑柚
zhu 主注註助住著筑築逐驻駐祝诸諸猪豬珠朱硃竹柱煮株烛燭蛛铸鑄瞩矚嘱囑诛誅贮貯侏茱丶竺铢銖渚杼翥褚
zhua 抓爪
zhuai 拽
zhuan 传傳专專转轉赚賺撰砖磚篆颛顓
zhuang 装裝状狀庄莊撞壮壯妆妝粧桩樁
zhui 追坠墜缀綴锥錐赘贅隹椎
zhun 准準
zhuo 着著桌卓捉灼拙浊濁酌啄镯鐲擢茁濯倬棁梲禚琢焯
zi 自子资資字咨諮兹茲姿紫滋姊孜淄籽梓渍漬訾耔仔
zong 总總宗综綜踪蹤纵縱棕粽糉糭枞樅
zou 走奏揍邹鄒
zu 组組族足阻祖租卒诅詛俎镞鏃
zuan 钻鑽纂
zui 最罪嘴醉
zun 尊遵樽
zuo 作做座左坐昨佐琢祚
"""
# surnames a name in characters starts with (the most common), for reading names in Chinese text
SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程"
    "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝"
    "龚邵万钱严覃武戴莫孔向汤陳楊黃趙吳孫馬鄭謝許韓馮鄧蕭葉蘇呂盧鍾譚陸賈韋鄒閆龔錢嚴")
_NAME_WORD_RE = LazyRe(r"\b[A-Z][a-z]{1,11}\b")
MAX_NAME_FORMS = 6  # the characters tried per syllable, most common first


@functools.lru_cache(maxsize=1)
def readings():
    """({syllable: its characters, most common first}, {character: its syllables})."""
    chars, syllables = {}, {}
    for line in PINYIN.split("\n"):
        if line.strip():
            syllable, run = line.split()
            chars.setdefault(syllable, []).extend(run)
            for ch in run:
                syllables.setdefault(ch, []).append(syllable)
    return chars, syllables


def syllables_of(word):
    """The syllables a Latin ``word`` is written with ("yuting": yu ting), or None."""
    chars = readings()[0]
    word = word.lower().replace("u:", "v").replace("lyu", "lv").replace("nyu", "nv")

    def split(rest):
        if not rest:
            return []
        for end in range(min(6, len(rest)), 0, -1):
            if rest[:end] in chars:
                tail = split(rest[end:])
                if tail is not None:
                    return [rest[:end]] + tail
        return None
    return split(word)


def names_in_latin(text):
    """[(the lower-case words, their syllables)] of capitalised names of two or three syllables
    in ``text`` that read as pinyin: "Chen Hao", "Lele", "Wang Lei", "Yuting"."""
    words = [(m.group(0), m.start(), m.end()) for m in _NAME_WORD_RE.finditer(text)]
    out, at = [], 0
    while at < len(words):
        for size in (2, 1):  # a surname and a given name, else one word
            group = words[at:at + size]
            if len(group) < size or any(b[1] - a[2] > 1 for a, b in zip(group, group[1:])):
                continue
            parts = [syllables_of(w) for w, _, _ in group]
            if all(parts) and 2 <= sum(len(p) for p in parts) <= 3:
                out.append((tuple(w.lower() for w, _, _ in group), [s for p in parts for s in p]))
                at += size - 1
                break
        at += 1
    return out


def han_forms(syllables):
    """The names in characters ``syllables`` may be: the most common characters of each, as
    the character pairs a search index holds (a name of three is its two pairs)."""
    chars = readings()[0]
    options = [chars[s][:MAX_NAME_FORMS] for s in syllables]
    pairs = set()
    for first, second in zip(options, options[1:]):
        pairs.update(a + b for a in first for b in second)
    return sorted(pairs)


def _joined(chars, syllables):
    readings_ = [""]
    for ch in chars:
        readings_ = [r + s for r in readings_ for s in syllables[ch][:2]]
    return readings_


def latin_forms(run):
    """[(pinyin, the characters it reads)] of the names in a run of Chinese characters: a
    common surname and one or two characters after it ("chen hao"), a doubled character
    ("lele")."""
    syllables = readings()[1]
    out = {}
    for at, ch in enumerate(run):
        if ch in SURNAMES:
            for size in (1, 2):
                given = run[at + 1:at + 1 + size]
                if len(given) == size and all(c in syllables for c in given):
                    for surname in syllables.get(ch, [])[:1]:
                        for reading in _joined(given, syllables):
                            out.setdefault(surname + " " + reading, ch + given)
        if at and run[at - 1] == ch and ch in syllables:
            for s in syllables[ch][:2]:
                out.setdefault(s + s, ch + ch)
    return sorted(out.items())
