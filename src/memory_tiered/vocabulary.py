"""A vocabulary of work and daily life in English and Chinese, read with the glossary.

Written for this project by an author who never saw the code or the evaluation stores: software
and IT work (infrastructure, data, front end, mobile, ML, security, payments, releases) and a
person's life (health, family, school, housing, money, travel, food, sport, pets, work life,
paperwork). Each entry is English forms, then Chinese words (Simplified, and Traditional where
it differs), in the format of GLOSSARY (see text.glossary). A Chinese word of more than one entry and an
English word of several unrelated meanings (master, push, train, book) are left out: they
would join memories about different things.

Uses: the standard library only.
"""

VOCABULARY = """
server,servers:服务器,服務器,服务端,服務端 client,clients:客户端,客戶端
deploy,deploys,deployed,deploying,deployment,deployments:部署
redeploy,redeploys,redeployed,redeploying,redeployment:重新部署 rollback,rollbacks,rolledback:回滚,回滾
revert,reverts,reverted,reverting:回退
container,containers,containerized,containerize,docker,dockerfile,dockerfiles:容器,容器化,容器镜像,容器鏡像
image,images:镜像,鏡像,图像,圖像 kubernetes,k8s:容器编排,容器編排 pod,pods:容器组,容器組
cluster,clusters,clustering:集群,集羣,聚类,聚類 node,nodes:节点,節點 namespace,namespaces:命名空间,命名空間
ingress:入口网关,入口網關,入口流量 egress:出口流量 loadbalancer,loadbalancers,balancer,lb,slb,elb:负载均衡,負載均衡
load:负载,負載,加载,加載 balancing:均衡 proxy,proxies,proxied,proxying:代理 gateway,gateways:网关,網關 dns:域名解析
domain,domains:域名 subdomain,subdomains:子域名 certificate,certificates,cert,certs:证书,證書,证明书,證明書
cdn:内容分发,內容分發 latency,latencies:延迟,延遲,时延,時延 throughput:吞吐量,吞吐 bandwidth:带宽,帶寬
network,networks,networking:网络,網絡,组网,組網 firewall,firewalls:防火墙,防火牆
vpn,vpns,gfwproxy:虚拟专网,虛擬專網,翻墙,翻牆 vpc:私有网络,私有網絡,专有网络,專有網絡 subnet,subnets:子网,子網 port,ports:端口
router,routers:路由器 routing,route,routes,routed:路由 switch,switches:交换机,交換機,开关,開關
packet,packets:数据包,數據包 timeout,timeouts:超时,超時 retry,retries,retried,retrying:重试,重試 backoff:退避
heartbeat,heartbeats:心跳 healthcheck,healthchecks:健康检查,健康檢查 probe,probes,liveness,readiness:探针,探針
uptime:运行时间,運行時間,可用时长,可用時長 downtime:停机,停機,宕机时间,宕機時間 availability:可用性 sla,slas:服务等级,服務等級
slo,slos:服务目标,服務目標 disaster:灾难,災難 recovery,recover,recovered,recovering:恢复,恢復
failover,failovers:故障转移,故障轉移,主备切换,主備切換 standby:备用,備用,备机,備機
replica,replicas,replication,replicate,replicated:副本,主从复制,主從複製 backup,backups,backedup:备份,備份
restore,restores,restored,restoring:还原,還原,恢复备份,恢復備份 snapshot,snapshots,snapshotting:快照
storage:存储,存儲 disk,disks:磁盘,磁盤,硬盘,硬盤 volume,volumes:存储卷,存儲卷,音量,体量,體量
mount,mounts,mounted,mounting:挂载,掛載 filesystem,filesystems:文件系统,文件系統 memory:内存,內存,记忆,記憶 ram:内存条,內存條
cpu,cpus,processor,processors:处理器,處理器 gpu,gpus:显卡,顯卡,图形处理,圖形處理 core,cores:核心
thread,threads,threading:线程,線程 process,processes:进程,進程 daemon,daemons:守护进程,守護進程 oom:内存溢出,內存溢出
leak,leaks,leaked,leaking,leakage:泄漏,洩漏,泄露,洩露 swap:交换分区,交換分區 kernel,kernels:内核,內核
shell,shells,bash,zsh:终端命令,終端命令,脚本环境,腳本環境 terminal,terminals,console,consoles:终端,終端,控制台
ssh:远程登录,遠程登錄 sudo,root:超级用户,超級用戶 permission,permissions:权限,權限 chmod:修改权限,修改權限
cron,crontab,crontabs,cronjob,cronjobs:定时任务,定時任務 scheduler,schedulers:调度器,調度器
schedule,schedules,scheduled,scheduling:排期,日程,调度,調度
queue,queues,queued,queueing,queuing:队列,隊列,排队,排隊 mq,kafka,rabbitmq,mqs:消息队列,消息隊列
broker,brokers:消息代理,经纪人,經紀人 consumer,consumers:消费者,消費者,消费端,消費端 producer,producers:生产者,生產者,生产端,生產端
topic,topics:话题,話題 partition,partitions,partitioned,partitioning:分区,分區 offset,offsets:偏移量
message,messages,messaging:消息,留言 event,events:事件 stream,streams,streaming:流式,数据流,數據流
webhook,webhooks:回调钩子,回調鉤子 callback,callbacks:回调,回調 cache,caches,cached,caching:缓存,緩存
invalidation,invalidate,invalidated:缓存失效,緩存失效 ttl:过期时间,過期時間,存活时间,存活時間
expire,expires,expired,expiring,expiry,expiration:过期,過期,到期,失效 cloud:云端,雲端,云服务,雲服務,云上,雲上
ec2,ecs,vm,vms,instance,instances,vps:实例,實例,云主机,雲主機,虚拟机,虛擬機 serverless,faas:无服务器,無服務器,函数计算,函數計算
s3,oss,bucket,buckets,objectstorage:对象存储,對象存儲,存储桶,存儲桶,水桶 region,regions:地域,区域,區域,大区,大區
zone,zones:可用区,可用區 datacenter,datacenters,idc:机房,機房,数据中心,數據中心 rack,racks:机柜,機櫃
baremetal,physical:物理机,物理機,实体,實體 virtualization,virtualized,hypervisor:虚拟化,虛擬化
autoscaling,autoscale,autoscaler,hpa:弹性伸缩,彈性伸縮,自动扩缩,自動擴縮
scale,scales,scaled,scaling,scaleout,scaleup,expansion:扩容,擴容,伸缩,伸縮,规模,規模
scaledown,scalein,shrink,shrinks,shrinking:缩容,縮容,缩小,縮小 capacity:容量 quota,quotas:配额,配額 billing:计费,計費
cost,costs:成本 provision,provisions,provisioned,provisioning:资源开通,資源開通,资源配置,資源配置
infra,infrastructure:基础设施,基礎設施,基建 devops:运维开发,運維開發 ops,operations,sre:运维,運維,运营,運營
oncall,pager,pagerduty:值班,轮值,輪值 monitor,monitors,monitored,monitoring:监控,監控,显示器,顯示器
metric,metrics:指标,指標,度量 dashboard,dashboards:看板,仪表盘,儀表盤
alert,alerts,alerted,alerting,alarm,alarms:告警,警报,警報 threshold,thresholds:阈值,閾值
log,logs,logged,logging:日志,日誌 trace,traces,traced,tracing:链路追踪,鏈路追蹤,追踪,追蹤 observability:可观测性,可觀測性
telemetry:遥测,遙測 apm:性能监控,性能監控 profiling,profiler,profile,profiles,profiled:性能分析,画像,畫像,档案,檔案
benchmark,benchmarks,benchmarked,benchmarking:基准测试,基準測試,跑分
loadtest,loadtests,stresstest,stresstests,loadtesting,perftest:压测,壓測,压力测试,壓力測試
qps,tps,rps:每秒请求,每秒請求 concurrency,concurrent,concurrently:并发,併發
parallel,parallelism,parallelize:并行,並行 bottleneck,bottlenecks:瓶颈,瓶頸
p99,p95,percentile,percentiles,taillatency:分位数,分位數,长尾延迟,長尾延遲 jitter:抖动,抖動 spike,spikes:尖刺,突增,飙升,飆升
throttle,throttles,throttled,throttling,ratelimit,ratelimiting,ratelimiter:限流,节流,節流
circuitbreaker,circuitbreakers,breaker:熔断,熔斷,断路器,斷路器 degradation,degrade,degraded,degrading:降级,降級
fallback,fallbacks:兜底,回退方案 graceful,gracefully:优雅,優雅 shutdown,shutdowns:关机,關機,关停,關停
restart,restarts,restarted,restarting,reboot,reboots,rebooted,rebooting:重启,重啟,重啓
crash,crashes,crashed,crashing:闪退,閃退 hang,hangs,hung,freeze,freezes,froze,frozen,stuck:卡死,卡住
deadlock,deadlocks:死锁,死鎖 lock,locks,locked,locking:锁定,鎖定,加锁,加鎖 mutex:互斥锁,互斥鎖 semaphore:信号量,信號量
race,racecondition:竞态,競態,竞争条件,競爭條件
staging,preprod,uat,testenvironment,testenv:预发,預發,预发布,預發佈,测试环境,測試環境 production,prod:生产环境,生產環境,线上,線上
sandbox,sandboxes:沙箱 localhost,local:本地
config,configs,configuration,configurations,configure,configured,configuring:配置 settings:设置,設置
variable,variables:变量,變量 secret,secrets:秘密,祕密 vault:密钥库,密鑰庫,保险库,保險庫
credential,credentials:凭证,憑證,凭据,憑據 token,tokens,jwt:令牌 apikey,apikeys:接口密钥,接口密鑰
ci,cicd,pipeline,pipelines:流水线,流水線,持续集成,持續集成 cd:持续交付,持續交付,持续部署,持續部署
artifact,artifacts:制品,製品,构建产物,構建產物 registry,registries,containerregistry:镜像仓库,鏡像倉庫,注册中心,註冊中心
chart,charts,charting:图表,圖表,部署包 yaml,yml:配置文件 sidecar,sidecars:边车,邊車 mesh,servicemesh:服务网格,服務網格
microservice,microservices:微服务,微服務 monolith,monolithic:单体应用,單體應用,单体,單體 service,services:服务,服務
discovery:服务发现,服務發現,发现,發現 grpc,rpc,rpcframework,dubbo:远程调用,遠程調用 restful,restapi:接口风格,接口風格
protocol,protocols,http,tcp,udp:网络协议,網絡協議 websocket,websockets:长连接,長連接
connection,connections,connect,connected,connecting:连接,連接
disconnect,disconnected,disconnects:断开,斷開,掉线,掉線 pool,pools,pooling,connectionpool:连接池,連接池,池化
socket,sockets:套接字 handshake:握手 bastion,jumpbox,jumphost:跳板机,跳板機 host,hosts,hostname:主机,主機
migration,migrations,migrate,migrated,migrating:迁移,遷移 upgrade,upgrades,upgraded,upgrading:升级,升級
downgrade,downgrades,downgraded,downgrading:降级版本,降級版本 patch,patches,patched,patching:补丁,補丁,打补丁,打補丁
version,versions,versioning,versioned:版本 canary,canaries:金丝雀,金絲雀 greyscale,grayscale,gray,grey:灰色
bluegreen:蓝绿部署,藍綠部署 release,releases,released,releasing,rollout,rollouts:发版,發版,版本发布,版本發佈
hotfix,hotfixes,emergencyfix:热修复,熱修復,紧急修复,緊急修復,紧急上线,緊急上線 codefreeze:封版
database,databases,db,dbs:数据库,數據庫 sql,mysql,postgres,postgresql,oracle:关系库,關係庫
nosql,mongodb,mongo:非关系型,非關係型 table,tables:数据表,數據表,桌子 column,columns:列名,专栏,專欄
row,rows:行数据,行數據,数据行,數據行 record,records,recorded,recording:记录,記錄,录音,錄音,录像,錄像
schema,schemas:表结构,表結構,模式 index,indexes,indices,indexed,indexing:索引 primarykey,pk:主键,主鍵
foreignkey,fk:外键,外鍵 key,keys:键值,鍵值,钥匙,鑰匙 value,values:数值,數值,价值,價值
join,joins,joined,joining:连接查询,連接查詢,加入,关联,關聯 query,queries,queried,querying:查询,查詢
select,selects,selected,selecting,selection:选择,選擇,选中,選中 insert,inserts,inserted,inserting:插入,新增
delete,deletes,deleted,deleting,deletion:删除,刪除 remove,removes,removed,removing,removal:移除
update,updates,updated,updating:更新 upsert,upserts:插入更新 transaction,transactions,transactional:事务,事務
commit,commits,committed,committing:提交 isolation:隔离级别,隔離級別 acid:事务特性,事務特性
consistency,consistent:一致性 eventual:最终一致,最終一致 constraint,constraints:约束,約束 unique,uniqueness:唯一
duplicate,duplicates,duplicated,dedup,dedupe,deduplication,deduplicate:重复,重複,去重
null,nulls,nullable:空值 sharding,shard,shards,sharded:分片,分库分表,分庫分表
slowquery,slowqueries,slowlog,slowsql:慢查询,慢查詢
optimize,optimizes,optimized,optimizing,optimization,optimizations:优化,優化
tuning,tune,tuned,tunes:调优,調優 explain:执行计划,執行計劃 view,views:视图,視圖
trigger,triggers,triggered,triggering:触发器,觸發器,触发,觸發 procedure,procedures:存储过程,存儲過程 orm:对象映射,對象映射
dba,dbas:库管理员,庫管理員 datawarehouse,warehouse,warehouses,dwh:数仓,數倉,数据仓库,數據倉庫
datalake,lake,lakehouse:数据湖,數據湖,湖泊 etl,elt:数据抽取,數據抽取
ingestion,ingest,ingests,ingested,ingesting:数据接入,數據接入,摄取,攝取
batch,batches,batched,batching:批处理,批處理,批量,批次 realtime:实时,實時 offline:离线,離線,下线,下線 online:在线,在線
spark,hadoop,hive,flink,bigdata:大数据,大數據 distributed:分布式,分佈式 datapipeline:数据管道,數據管道
dag,dags,airflow:任务编排,任務編排,有向无环,有向無環 workflow,workflows:工作流 job,jobs:工作 task,tasks:任务,任務
dataset,datasets:数据集,數據集 data:数据,數據,资料,資料 metadata:元数据,元數據 lineage:数据血缘,數據血緣,血缘,血緣
catalog,catalogs:数据目录,數據目錄 governance:治理,数据治理,數據治理 quality:质量,質量
cleanse,cleansing,datacleaning:清洗,数据清洗,數據清洗 missing:缺失,失踪,失蹤
outlier,outliers,anomaly,anomalies:异常值,異常值,离群点,離群點,離羣點
aggregate,aggregates,aggregated,aggregating,aggregation,aggregations:聚合,汇总,彙總 groupby:分组,分組
sum:求和,总和,總和 average,averages,avg:平均值,均值,平均 median:中位数,中位數
count,counts,counted,counting:计数,計數,数量,數量 distinct:去重计数,去重計數 sort,sorts,sorted,sorting,orderby:排序
filter,filters,filtered,filtering:过滤,過濾,筛选,篩選 report,reports,reporting,reported:报表,報表,报告,報告,汇报,彙報
bi,tableau,powerbi:商业智能,商業智能,报表工具,報表工具
analytics,analysis,analyze,analyzes,analyzed,analyzing,analyse,analysed:分析,数据分析,數據分析
analyst,analysts:分析师,分析師 datascience,datascientist,datascientists:数据科学,數據科學
csv,excel,spreadsheet,spreadsheets,xlsx:电子表格,電子表格 json,xml:数据格式,數據格式 parquet,avro,orc:列式存储,列式存儲
compression,compress,compressed,compressing:压缩,壓縮
decompress,unzip,extract,extracts,extracted,extracting,extraction:解压,解壓,提取,抽取
zip,archive,archives,archived,archiving,archival:压缩包,壓縮包,归档,歸檔
export,exports,exported,exporting:导出,導出 import,imports,imported,importing:导入,導入,进口,進口
sync,syncs,synced,syncing,synchronize,synchronization,synchronous:同步
async,asynchronous,asynchronously:异步,異步 cdc,binlog:增量同步,变更捕获,變更捕獲 incremental:增量 fullload:全量
retention:保留,留存 ttlpolicy:保留策略 olap,clickhouse:分析型库,分析型庫 timeseries:时序,時序,时序数据,時序數據
vectordb,vectorstore:向量库,向量庫 graphdb,neo4j:图数据库,圖數據庫
elasticsearch,es,opensearch,solr,fulltext:搜索引擎,全文检索,全文檢索
search,searches,searched,searching:搜索,检索,檢索,查找
tokenizer,tokenize,tokenization,tokenized:分词,分詞,分词器,分詞器 ranking,rank,ranks,ranked:排名
recall:召回,召回率,回忆,回憶 precision:精确率,精確率,精度 relevance,relevant:相关,相關 dashboarding:数据看板,數據看板
kpi,kpis:关键指标,關鍵指標,考核指标,考核指標,考覈指標,绩效指标,績效指標 dau,mau:日活,月活 retentionrate:留存率
conversion,conversions,convert,converted,converting:转化,轉化,转换,轉換 funnel,funnels:漏斗
abtest,abtests,abtesting,experiment,experiments,experimental:实验,實驗,对照实验,對照實驗 cohort,cohorts:同期群,同期羣
segment,segments,segmentation:分群,分羣,分段
tracking,track,tracks,tracked,instrumentation,instrument,instrumented,instruments:埋点,埋點,跟踪,跟蹤,插桩,插樁
tracking,track,tracks,tracked,instrumentation,instrument,instrumented,instruments:乐器,樂器
pv,pageview,pageviews:浏览量,瀏覽量,访问量,訪問量 uv:访客数,訪客數,独立访客,獨立訪客,紫外线,紫外線 ctr:点击率,點擊率
click,clicks,clicked,clicking:点击,點擊 impression,impressions:曝光,印象 gmv:成交额,成交額,交易总额,交易總額
revenue,revenues,income,incomes:营收,營收,收入 sample,samples,sampled,sampling:采样,採樣,抽样,抽樣,样本,樣本
statistic,statistics,stats,statistical:统计,統計,数据统计,數據統計 variance:方差 deviation,stddev:标准差,標準差
regression,regressions:回归,迴歸,退化 distribution,distributions:分布,分佈,发行,發行 histogram,histograms:直方图,直方圖
visualization,visualize,visualized,visualizing,visualise:可视化,可視化 pivot,pivottable:透视表,透視表
crosstab:交叉表 datamart:数据集市,數據集市 dimension,dimensions,dimensional:维度,維度 facts:事实,事實 granularity:粒度
denormalize,denormalized,normalize,normalized,normalization:范式化,範式化,归一化,歸一化,标准化,標準化
encoding,encode,encoded,decode,decoded,decoding:解码,解碼 utf8,unicode,charset:字符集
garbled,mojibake:乱码,亂碼 timestamp,timestamps:时间戳,時間戳 timezone,timezones,utc:时区,時區 date,dates:日期
datetime:日期时间,日期時間 integer,int,float,decimal:整数,整數,浮点数,浮點數,小数,小數 string,strings:字符串
array,arrays:数组,數組 list,lists:列表 map,maps,hashmap,dict,dictionary,dictionaries:映射,字典,地图,地圖
tree,trees:树结构,樹結構,树木,樹木 graph,graphs:图结构,圖結構,图谱,圖譜 vector,vectors:向量 matrix,matrices:矩阵,矩陣
tensor,tensors:张量,張量 hash,hashes,hashed,hashing:哈希,散列 checksum,checksums,md5,sha256:校验和,校驗和,校验,校驗
bloomfilter:布隆过滤,布隆過濾 pagination,paginate,paginated,paging:分页,分頁 cursor,cursors:游标,游標,光标,光標
lazy,lazily,lazyload,lazyloading:懒加载,懶加載,延迟加载,延遲加載,懒惰,懶惰
prefetch,preload,preloading,preloaded:预加载,預加載,预取,預取 warmup,prewarm:预热,預熱,热身,熱身
coldstart:冷启动,冷啟動,冷啓動 hotspot,hotkey,hotkeys:热点,熱點,热键,熱鍵 bigkey:大键,大鍵 penetration:穿透,渗透,滲透
avalanche:雪崩 breakdown:击穿,擊穿 readreplica,slave,slaves:从库,從庫 primary:主库,主庫,主节点,主節點
readwrite,rwsplit:读写分离,讀寫分離 failback:回切 quorum:法定人数,法定人數 consensus,raft,paxos:共识,共識,共识算法,共識算法
election,elections:选举,選舉,选主,選主 split,splits,splitting:拆分,分割 merge,merges,merged,merging:合并,合併
order,orders,ordered,ordering:订单,訂單,下单,下單,顺序,順序 frontend,fe:前端 backend:后端,後端 fullstack:全栈,全棧
browser,browsers,chrome,safari,firefox:浏览器,瀏覽器 webpage,webpages,page,pages:网页,網頁,页面,頁面
website,websites,site,sites:网站,網站,站点,站點 homepage:首页,首頁,主页,主頁 landing,landingpage:落地页,落地頁
html,dom:网页结构,網頁結構,节点树,節點樹 css,stylesheet,stylesheets:样式表,樣式表
style,styles,styled,styling:样式,樣式,风格,風格 javascript,js,typescript,ts:脚本语言,腳本語言
react,vue,angular,svelte:前端框架 framework,frameworks:框架 library,libraries,lib,libs:类库,類庫,图书馆,圖書館
component,components:组件,組件 hook,hooks:钩子,鉤子 render,renders,rendered,rendering:渲染
rerender,rerenders:重新渲染 ssr:服务渲染,服務渲染,后端渲染,後端渲染 hydration,hydrate:注水,水合 spa:单页应用,單頁應用,水疗,水療
layout,layouts:布局,佈局,排版 flexbox,flex,grid:弹性布局,彈性佈局,网格布局,網格佈局
responsive,responsiveness:响应式,響應式,自适应,自適應 mobilefirst:移动优先,移動優先 breakpoint,breakpoints:断点,斷點
viewport:视口,視口 animation,animations,animate,animated:动效,動效 transition,transitions:过渡,過渡,转场,轉場
font,fonts,typeface:字体,字體 icon,icons:图标,圖標 logo,logos:标志,標誌,商标,商標 button,buttons:按钮,按鈕
input,inputs:输入,輸入,输入框,輸入框 textbox,textarea:文本框 form,forms:表单,表單
checkbox,checkboxes:复选框,複選框,勾选框,勾選框 radio:单选框,單選框,收音机,收音機 dropdown,dropdowns:下拉框,下拉菜单,下拉菜單
menu,menus:菜单,菜單 navbar,navigation,nav,navigate,navigated,navigating,gpsnav:导航,導航,导航栏,導航欄
sidebar,sidebars:侧边栏,側邊欄 tab,tabs:标签页,標籤頁,选项卡,選項卡
modal,modals,dialog,dialogs,popup,popups:弹窗,彈窗,对话框,對話框 tooltip,tooltips:提示框,悬浮提示,懸浮提示
toast,toasts:轻提示,輕提示,吐司 banner,banners:横幅,橫幅 carousel,carousels,slider,sliders:轮播图,輪播圖,滑块,滑塊
scroll,scrolls,scrolled,scrolling,scrollbar:滚动,滾動,滚动条,滾動條 infinitescroll:无限滚动,無限滾動
placeholder,placeholders:占位符,佔位符 skeleton:骨架屏 spinner,spinners,loading:加载中,加載中
darkmode,darktheme:深色模式,暗黑模式 color,colors,colour,colours:颜色,顏色,色彩 ui:界面,用户界面,用戶界面 ux:用户体验,用戶體驗
design,designs,designed,designing:设计,設計 designer,designers:设计师,設計師
figma,sketch,mockup,mockups,wireframe,wireframes,prototype,prototypes:原型,设计稿,設計稿,线框图,線框圖
pixel,pixels,px:像素 screen,screens:屏幕 screenshot,screenshots:截图,截圖,截屏
resolution,resolutions:分辨率,决议,決議 retina,hidpi:高清屏 accessibility,a11y:无障碍,無障礙,可访问性,可訪問性
i18n,internationalization,localization,l10n,localize,localized:国际化,國際化,本地化,多语言,多語言
translation,translations,translate,translated,translating:翻译,翻譯 language,languages:语言,語言
keyboard,keyboards:键盘,鍵盤 shortcut,shortcuts:快捷键,快捷鍵,捷径,捷徑 mouse:鼠标,鼠標
touch,touches,touching,touchscreen:触摸,觸摸,触控,觸控 gesture,gestures:手势,手勢
swipe,swipes,swiped,swiping:滑动,滑動 tap,taps,tapped,tapping:点按,點按,轻触,輕觸 longpress:长按,長按
drag,drags,dragged,dragging,dragdrop:拖拽,拖动,拖動 upload,uploads,uploaded,uploading:上传,上傳
download,downloads,downloaded,downloading:下载,下載 preview,previews,previewed:预览,預覽
thumbnail,thumbnails:缩略图,縮略圖 avatar,avatars:头像,頭像 emoji,emojis:表情 sticker,stickers:贴纸,貼紙
notification,notifications,notify,notified:通知 badge,badges:角标,角標,徽章
mobile,mobiles:移动端,移動端 app,apps,application,applications:应用,應用 ios,iphone,iphones:苹果手机,蘋果手機
android:安卓 ipad,tablet,tablets:平板,平板电脑,平板電腦
phone,phones,smartphone,smartphones,cellphone,cellphones:手机,手機
miniprogram,miniprograms,miniapp,miniapps,wechatapp:小程序 wechat,weixin:微信 alipay:支付宝,支付寶
h5:移动网页,移動網頁 webview,webviews:网页容器,網頁容器 native:原生 hybrid:混合开发,混合開發
flutter,reactnative,crossplatform:跨平台,跨平臺 swift,kotlin,objc:开发语言,開發語言
xcode,androidstudio,ide,ides:开发工具,開發工具 appstore,playstore:应用商店,應用商店
testflight,beta,betas:内测,內測,测试版,測試版 ota,hotupdate,hotupdates,hotreload:热更新,熱更新,空中升级,空中升級,热重载,熱重載
sdk,sdks:开发包,開發包 location,locations,gps,geolocation:定位,地点,地點 camera,cameras:相机,相機,摄像头,攝像頭
microphone,mic:麦克风,麥克風,话筒,話筒 bluetooth:蓝牙,藍牙 wifi:无线网,無線網 battery,batteries:电池,電池,电量,電量
charging,charger,chargers,charge:充电,充電,充电器,充電器,收费,收費 offlinemode:离线模式,離線模式
deeplink,deeplinks,universallink:深度链接,深度鏈接 link,links,linked,linking:链接,鏈接,链路,鏈路 url,urls,uri:网址,網址
qrcode,qrcodes,qr:二维码,二維碼 barcode,barcodes:条形码,條形碼,条码,條碼
scan,scans,scanned,scanning,scanner,scanners:扫码,掃碼,扫描,掃描,扫描仪,掃描儀
splash,splashscreen:启动页,啟動頁,啓動頁,开屏,開屏 onboarding,onboard,onboarded:新手引导,新手引導,入职,入職,上手
tutorial,tutorials:教程
signup,signups,register,registers,registered,registering,registration:注册,註冊,报名,報名
login,logins,signin,logon:登录,登錄,登陆,登陸 logout,signout,logoff:退出登录,退出登錄,登出
password,passwords,passcode:密码,密碼 username,usernames,account,accounts:账号,賬號,用户名,用戶名,账户,賬戶
profilepage,userprofile:个人资料,個人資料,个人主页,個人主頁 settingspage,preferences,preference:偏好,设置页,設置頁
feedback:反馈,反饋,意见反馈,意見反饋 rating,ratings,rate:评分,評分,打分,评级,評級
comment,comments,commented,commenting:评论,評論,注释,註釋 likes,liked,upvote,upvotes:点赞,點贊,喜欢,喜歡
share,shares,shared,sharing:分享,共享,股份
subscribe,subscribes,subscribed,subscription,subscriptions,subscriber,subscribers:订阅,訂閱
feed,feeds:信息流,动态,動態 timeline:时间线,時間線,时间轴,時間軸 post,posts,posted,posting:帖子,发帖,發帖
chat,chats,chatting,chatted:聊天 video,videos:视频,視頻 audio:音频,音頻 player,players:播放器,玩家,球员,球員
playback,play,plays,played,playing:播放,玩耍 minify,minified,minification,uglify:压缩代码,壓縮代碼
sourcemap,sourcemaps:源码映射,源碼映射 polyfill,polyfills:兼容补丁,兼容補丁,垫片,墊片
compatibility,compatible,incompatible,breaking,breakingchange,breakingchanges:兼容,兼容性,不兼容
legacy:遗留,遺留,历史遗留,歷史遺留,老旧,老舊 npm,yarn,pnpm:包管理 package,packages,packaging,packaged:软件包,軟件包
dependency,dependencies,deps:依赖,依賴 devtools:调试工具,調試工具 debugger:调试器,調試器 seo:搜索优化,搜索優化
sitemap:站点地图,站點地圖 favicon:网站图标,網站圖標 cookie,cookies:缓存数据,緩存數據 localstorage,sessionstorage:本地存储,本地存儲
session,sessions:会话,會話 cors,crossorigin:跨域 ajax,fetch,xhr:异步请求,異步請求
request,requests,requested,requesting:请求,請求 response,responses,respond,responded:响应,響應,回应,回應
api,apis,interface,interfaces,endpoint,endpoints:接口,端点,端點 payload,payloads:请求体,請求體,载荷,載荷
header,headers:请求头,請求頭,页眉,頁眉 footer,footers:页脚,頁腳 status,statuses,statuscode:状态码,狀態碼
redirect,redirects,redirected,redirecting:重定向,跳转,跳轉 jump,jumps,jumped,jumping:跳跃,跳躍
whitescreen,blankscreen,blankpage:白屏 flicker,flickering,flash:闪烁,閃爍,闪屏,閃屏
lag,laggy,stutter,janky,jank:卡顿,卡頓 smooth,smoothness,fluent:流畅,流暢,顺滑,順滑 fps,framerate:帧率,幀率
performance,perf:性能,表现,表現,绩效,績效 firstpaint,fcp,lcp:首屏,首屏时间,首屏時間 pwa:渐进应用,漸進應用
webassembly,wasm:网页汇编,網頁彙編 canvas,webgl,svg:画布,畫布,矢量图,矢量圖 code,codes,coding,coded:代码,代碼,写代码,寫代碼
codebase,codebases,repo,repos,repository,repositories:代码库,代碼庫 sourcecode,source:源码,源碼,源代码,源代碼,来源,來源
program,programs,programming,programmed:程序,编程,編程
programmer,programmers,developer,developers,dev,devs,coder,coders:程序员,程序員,开发者,開發者,开发人员,開發人員,研发,研發
engineer,engineers,engineering:工程师,工程師,工程 software:软件,軟件 hardware:硬件 git,sourcecontrol,vcs:版本控制
branch,branches,branching:分支 mainbranch,trunk:主干,主幹,主分支 checkout:切换分支,切換分支,退房
rebase,rebases,rebased,rebasing:变基,變基 cherrypick,cherrypicked:挑选提交,挑選提交
conflict,conflicts,conflicting:冲突,衝突 diff,diffs:差异,差異,代码差异,代碼差異
pr,prs,pullrequest,pullrequests,mergerequest:合并请求,合併請求,代码合入,代碼合入
codereview,codereviews,cr:代码评审,代碼評審,代码审查,代碼審查 review,reviews,reviewed,reviewing:评审,評審,审核,審核,審覈
reviewer,reviewers:评审人,評審人,审核人,審核人,審覈人
approve,approves,approved,approving,approval,approvals,approvalflow:批准,审批,審批,通过,通過
reject,rejects,rejected,rejecting,rejection:拒绝,拒絕,驳回,駁回 lgtm:没问题,沒問題,同意合入
nit,nits,nitpick:小问题,小問題,吹毛求疵 suggestion,suggestions,suggest,suggested:建议,建議
refactor,refactors,refactored,refactoring:重构,重構 cleanup,cleanups:清理
technicaldebt,techdebt:技术债,技術債,技术债务,技術債務 debt,debts:债务,債務,欠款 readability,readable:可读性,可讀性
maintainability,maintainable,maintain,maintains,maintained,maintaining,maintenance:维护,維護,可维护性,可維護性
naming,rename,renames,renamed,renaming:命名,重命名 convention,conventions:规范,規範,约定,約定
lint,linter,linters,linting,eslint:代码检查,代碼檢查,静态检查,靜態檢查
format,formats,formatted,formatting,formatter,prettier:格式化,格式 styleguide:代码规范,代碼規範
bug,bugs,buggy:缺陷 debug,debugs,debugged,debugging:调试,調試
troubleshoot,troubleshooting,troubleshooted,diagnose,diagnosed,diagnosing,diagnosis:排查,诊断,診斷,定位问题
troubleshoot,troubleshooting,troubleshooted,diagnose,diagnosed,diagnosing,diagnosis:定位問題
fix,fixes,fixed,fixing,bugfix,bugfixes:修复,修復,修改
workaround,workarounds:绕过方案,繞過方案,变通办法,變通辦法,临时方案,臨時方案 rootcause,rca:根因,根本原因 error,errors:错误,錯誤,报错,報錯
stacktrace,stacktraces,traceback,backtrace:堆栈,堆棧,调用栈,調用棧 warning,warnings,warn,warned:警告
assert,assertion,assertions,asserts:断言,斷言 test,tests,tested,testing:测试,測試
tester,testers,qa:测试人员,測試人員 unittest,unittests:单元测试,單元測試,单测,單測
integrationtest,integrationtests:集成测试,集成測試 e2e,endtoend:端到端 regressiontest:回归测试,迴歸測試
smoketest,smoketests:冒烟测试,冒煙測試 testcase,testcases:测试用例,測試用例,用例 coverage:覆盖率,覆蓋率,保障范围,保障範圍
mock,mocks,mocked,mocking,stub,stubs:模拟,模擬,打桩,打樁 fixture,fixtures:测试夹具,測試夾具
flaky,flakiness:不稳定,不穩定,偶现,偶現 reproduce,reproduced,reproducing,repro,reproducible:复现,復現,重现,重現
intermittent,sporadic:偶发,偶發,间歇性,間歇性 edgecase,edgecases,cornercase,cornercases:边界情况,邊界情況,边界条件,邊界條件
boundary,boundaries:边界,邊界 function,functions,func:函数,函數 method,methods:方法 class,classes:类名,類名,班级,班級
object,objects:对象,對象,物体,物體 inheritance,inherits,inherited,inherit:继承,繼承,遗产,遺產
abstract,abstraction,abstractions:抽象 module,modules,modular,modularity:模块,模塊,模块化,模塊化
plugin,plugins,addon,addons,extension,extensions:插件,扩展,擴展
parameter,parameters,param,params,argument,arguments,args:参数,參數,争论,爭論
return,returns,returned,returning:返回,退货,退貨,归还,歸還 loop,loops,looping:循环,循環 recursion,recursive:递归,遞歸
condition,conditions,conditional:条件,條件,病情 boolean,bool:布尔,布爾 generic,generics:泛型
types,typed,typing:类型,類型,打字 compile,compiles,compiled,compiling,compiler,compilers:编译器,編譯器
build,builds,building,built:构建,構建,建造,楼宇,樓宇 interpreter,interpreted:解释器,解釋器 runtime,runtimes:运行时,運行時
python,java,golang,rust,cpp,csharp,php,ruby:编程语言,編程語言 script,scripts,scripting:脚本,腳本,剧本,劇本
algorithm,algorithms,algo:算法 complexity:复杂度,複雜度,复杂性,複雜性 datastructure,datastructures:数据结构,數據結構
pointer,pointers:指针,指針 reference,references,referenced:参考,參考,推荐人,推薦人 garbagecollection,gc:垃圾回收
heap,stack:内存堆,內存堆 overflow,overflows,overflowed:溢出 memoryleak:内存泄漏,內存洩漏,內存泄漏
serialization,serialize,serialized,deserialize,deserialization,marshal,unmarshal:序列化,反序列化
parse,parses,parsed,parsing,parser,parsers:解析器 regex,regexp,regexes,regularexpression:正则,正則
template,templates,templating:模板 macro,macros:宏命令
annotation,annotations,decorator,decorators:注解,註解,装饰器,裝飾器 logic,logical:逻辑,邏輯
business,businesses:业务,業務,商业,商業,生意 requirement,requirements,req,reqs:需求,要求
feature,features:特性,特征,特徵 featureflag,featureflags,featuretoggle,toggle,toggles:功能开关,功能開關
spec,specs,specification,specifications:说明书,說明書
documentation,doc,docs,document,documents,documented,worddocument:文档,文檔
readme,readmes:说明文档,說明文檔,自述文件 wiki,wikis,confluence,knowledgebase,kb:知识库,知識庫,百科
changelog,changelogs,releasenotes:更新日志,更新日誌,发布说明,發佈說明,变更记录,變更記錄
architecture,architectures,architect,architects:架构,架構,架构师,架構師
designdoc,designdocs,techspec:设计文档,設計文檔,技术方案,技術方案
proposal,proposals,propose,proposed,proposing,rfc:提案,求婚 solution,solutions:方案,解决方案,解決方案
tradeoff,tradeoffs:权衡,權衡,取舍,取捨 scalability,scalable:可扩展性,可擴展性,扩展性,擴展性 reliability,reliable:可靠性
stability,stable:稳定,穩定,稳定性,穩定性 robust,robustness:健壮性,健壯性,鲁棒性,魯棒性 resilience,resilient:韧性,韌性
idempotent,idempotency,idempotence:幂等,冪等,幂等性,冪等性 stateless:无状态,無狀態 stateful:有状态,有狀態
middleware:中间件,中間件 springboot,django,flask,fastapi:开发框架,開發框架 crud:增删改查,增刪改查
admin,admins,administrator,administrators:管理员,管理員 adminpanel,backoffice:管理后台,管理後臺 cms:内容管理,內容管理
crm:客户管理,客戶管理 erp:企业资源,企業資源 saas:软件服务,軟件服務 paas,iaas:平台服务,平臺服務 opensource:开源,開源
license,licenses,licensing,licence:许可证,許可證,执照,執照 copyright:版权,版權 fork,forks,forked,forking:派生,分叉,叉子
star,stars,starred:星标,星標,星星 issue,issues:问题,問題,议题,議題 ticket,tickets:工单,工單,票据,票據,门票,門票,车票,車票
jira:任务系统,任務系統 backlog,backlogs,todo,todos:待办,待辦,需求池,待办事项,待辦事項 checklist,checklists:检查单,檢查單
milestone,milestones:里程碑 roadmap,roadmaps:路线图,路線圖 sprint,sprints:冲刺,衝刺 scrum,agile,kanban:敏捷
standup,standups:站会,站會,晨会,晨會
retro,retros,retrospective,retrospectives,postmortem,postmortems:复盘,復盤,回顾会,回顧會
estimate,estimates,estimated,estimating,estimation:估算,预估,預估 storypoint,storypoints:故事点,故事點
priority,priorities,prioritize,prioritized,prioritization:优先级,優先級,优先,優先 urgent,urgency:加急
blocker,blockers,blocked,blocking,block,blocks:阻塞,卡点,卡點,阻碍,阻礙
deadline,deadlines,ddl,duedate:截止日期,期限,死线,死線,截止 delay,delays,delayed,delaying:推迟,推遲
progress:进度,進度,进展,進展 alignment,align,aligned,aligning,syncup:对齐,對齊,对齐共识,對齊共識,同步会,同步會
stakeholder,stakeholders:相关方,相關方,干系人,干係人 owner,owners,ownership:负责人,負責人,所有权,所有權,主人翁
assignee,assign,assigns,assigned,assigning:分配,指派,经办人,經辦人 handoff,handover,handovers:交接
scope,scopes,scoping:范围,範圍 mvp:最小可行 poc,pocs,proofofconcept:概念验证,概念驗證 demo,demos:样例,樣例
launch,launches,launched,launching,golive:发射,發射
incident,incidents,outage,outages:故障,宕机,宕機,服务中断,服務中斷 sev1,sev2,p0,p1,severity:严重程度,嚴重程度
escalate,escalates,escalated,escalating,escalation:升级处理,升級處理
mitigate,mitigates,mitigated,mitigating,mitigation:止损,止損 impact,impacts,impacted:影响,影響,影响力,影響力
rootcauseanalysis:根因分析 runbook,runbooks,playbook,playbooks,sop:操作手册,操作手冊,预案,預案 warroom:作战室,作戰室
statuspage:状态页,狀態頁 maintenancewindow:维护窗口,維護窗口 changemanagement,changerequest:变更,變更,变更管理,變更管理
audit,audits,audited,auditing,auditor,auditors:审计,審計 compliance,compliant:合规,合規
ml,machinelearning:机器学习,機器學習 ai,artificialintelligence:人工智能 deeplearning,dl:深度学习,深度學習
model,models,modeling,modelling:模型,建模,模特 finetune,finetunes,finetuned,finetuning,sft:微调,微調
pretrain,pretrained,pretraining:预训练,預訓練 inference,infer,inferred,inferring:推理,推断,推斷
predict,predicts,predicted,predicting,prediction,predictions:预测,預測
classification,classify,classified,classifier,classifiers:分类,分類,分类器,分類器
label,labels,labeled,labelled,labeling,labelling,annotate,annotated,annotator,annotators:标注,標註,打标
label,labels,labeled,labelled,labeling,labelling,annotate,annotated,annotator,annotators:打標,标注员,標註員
featureengineering:特征工程,特徵工程 embedding,embeddings,embed,embedded:嵌入,向量化,嵌入式
neural,neuralnetwork,nn:神经网络,神經網絡 layer,layers:图层,圖層,层级,層級 transformer,transformers:变换器,變換器,变压器,變壓器
attention:注意力 llm,llms,largelanguagemodel:大模型 gpt,chatgpt,chatbot,chatbots:对话模型,對話模型
prompt,prompts,prompting:提示词,提示詞,提示 agent,agents:智能体,智能體,代理人 rag,retrieval:检索增强,檢索增強
hallucination,hallucinations,hallucinate:幻觉,幻覺 weights,weight:权重,權重,体重,體重,重量
checkpoint,checkpoints:检查点,檢查點,存档,存檔 epoch,epochs:轮次,輪次,训练轮,訓練輪 loss:损失,損失,亏损,虧損,损失函数,損失函數
gradient,gradients:梯度,渐变,漸變 backprop,backpropagation:反向传播,反向傳播
optimizer,optimizers,adam,sgd:优化器,優化器 learningrate,lr:学习率,學習率 batchsize:批大小
overfit,overfitting,overfitted:过拟合,過擬合 underfit,underfitting:欠拟合,欠擬合
regularization,dropout:正则化,正則化,辍学,輟學 generalization,generalize:泛化
accuracy,accurate:准确率,準確率,准确,準確,精准,精準 f1,auc,roc:评估指标,評估指標
evaluation,evaluate,evaluates,evaluated,evaluating,eval,evals:评估,評估,评测,評測
groundtruth:真实标签,真實標籤,标准答案,標準答案 baseline,baselines:基线,基線,基准,基準
hyperparameter,hyperparameters:超参数,超參數,超参,超參 cuda:显卡计算,顯卡計算 quantization,quantize,quantized:量化
distillation,distill,distilled:蒸馏,蒸餾,知识蒸馏,知識蒸餾 pruning,prune,pruned:剪枝,修剪 lora:低秩适配,低秩適配
reinforcement,rl,rlhf:强化学习,強化學習 reward,rewards:奖励,獎勵,奖赏,獎賞 supervised:监督学习,監督學習,有监督,有監督
unsupervised:无监督,無監督 computervision:视觉,視覺 nlp:自然语言,自然語言 speech,asr,tts:语音,語音,语音识别,語音識別,语音合成,語音合成
ocr:文字识别,文字識別 recognition,recognize,recognized:识别,識別
detection,detect,detects,detected,detector:检测,檢測,探测,探測
recommendation,recommendations,recommend,recommended,recommender,recsys:推荐系统,推薦系統
personalization,personalized:个性化,個性化 corpus,corpora:语料,語料,语料库,語料庫 context,contexts:上下文,语境,語境
generation,generate,generates,generated,generating,generative:生成,生成式
diffusion,stablediffusion:扩散模型,擴散模型 multimodal:多模态,多模態 gan:对抗网络,對抗網絡
notebook,notebooks,jupyter:笔记,筆記 pytorch,tensorflow,keras:深度框架 mlops:模型运维,模型運維
servingmodel,modelserving:模型服务,模型服務 featurestore:特征库,特徵庫 drift:漂移,偏移 bias,biases,biased:偏见,偏見
fairness:公平性 explainability,interpretability:可解释性,可解釋性 synthetic:合成
augmentation,augment,augmented:增强,增強,数据增强,數據增強 security,secure,secured,securing:安全,安保
vulnerability,vulnerabilities,vuln,vulns,cve:漏洞,安全漏洞 exploit,exploits,exploited:利用漏洞,攻击利用,攻擊利用
attack,attacks,attacked,attacking,attacker,attackers:攻击,攻擊,攻击者,攻擊者
hacker,hackers,hack,hacked,hacking:黑客,入侵,被黑 breach,breaches,breached:数据泄露,數據洩露,數據泄露
malware,virus,viruses,trojan,ransomware:病毒,恶意软件,惡意軟件,木马,木馬,勒索病毒 phishing,phish:网络钓鱼,網絡釣魚
spam,spams,spammer:垃圾邮件,垃圾郵件,垃圾信息
scam,scams,scammer,scammers,fraud,frauds,fraudulent:诈骗,詐騙,欺诈,欺詐,骗局,騙局 antivirus:杀毒,殺毒,杀毒软件,殺毒軟件
encryption,encrypt,encrypts,encrypted,encrypting:加密 decryption,decrypt,decrypted:解密
cipher,ciphers:密码算法,密碼算法 authentication,authenticate,authenticated,authn,auth:身份验证,身份驗證
authorization,authorize,authorized,authz:授权,授權 unauthorized:未授权,未授權,越权,越權
privilege,privileges,escalationprivilege:特权,特權 rbac,acl,accesscontrol:权限控制,權限控制,访问控制,訪問控制
role,roles:角色 oauth,sso:单点登录,單點登錄
mfa,2fa,twofactor,otp,verificationcode,captcha,captchas:双重认证,雙重認證,验证码,驗證碼,动态码,動態碼
identity,identities:身份 kyc:实名认证,實名認證,身份核验,身份核驗,身份覈驗 realname:实名,實名,实名制,實名制
hijack,hijacked,hijacking:劫持 xss:跨站脚本,跨站腳本 csrf:跨站伪造,跨站偽造,跨站僞造
sqlinjection,injection,inject,injected:注入,打针,打針,注射 ddos,dos:拒绝服务,拒絕服務,流量攻击,流量攻擊 bruteforce:暴力破解
crack,cracked,cracking:破解,裂缝,裂縫,裂开,裂開 pentest,pentesting,penetrationtest:渗透测试,滲透測試 redteam:红队,紅隊
bugbounty:漏洞赏金,漏洞賞金 siem,soc:安全运营,安全運營 zerotrust:零信任 zeroday:零日漏洞 privacy,private:隐私,隱私,私有,私人
personaldata,pii,gdpr,pipl:个人信息,個人信息,敏感信息,数据保护,數據保護 sensitive,sensitivity:敏感
mask,masks,masking,masked,desensitize,desensitization:脱敏,脫敏,口罩,面具
anonymize,anonymized,anonymization,anonymous:匿名,匿名化
whitelist,whitelists,allowlist,whitelistip,ipwhitelist:白名单,白名單
blacklist,blacklists,blocklist,denylist,ban,banned,bans:黑名单,黑名單,封禁,拉黑
riskcontrol,antifraud:风控,風控,反欺诈,反欺詐 risk,risks,risky:风险,風險 threat,threats:威胁,威脅
incidentresponse:应急响应,應急響應 forensics:取证,取證
signature,signatures,sign,signs,signed,signing:签名,簽名,签字,簽字,签约,簽約
keypair,publickey,privatekey:密钥对,密鑰對,公钥,公鑰,私钥,私鑰
rotate,rotates,rotated,rotating,rotation:轮换,輪換,旋转,旋轉,轮转,輪轉
revoke,revokes,revoked,revoking,revocation:吊销,吊銷 sanitize,sanitized,sanitization:输入过滤,輸入過濾,转义,轉義,消毒
salt,salted,salty:加盐,加鹽,食盐,食鹽,咸的,鹹的 bcrypt:密码哈希,密碼哈希 tamper,tampered,tampering:篡改
integrity:完整性,诚信,誠信 spoof,spoofing,spoofed:伪造,偽造,僞造,欺骗,欺騙 impersonate,impersonation:冒充,冒用
stolen,steal,steals,stole,theft:被盗,被盜,盗窃,盜竊,偷窃,偷竊 payment,payments,pay,pays,paid,paying:支付,付款,付费,付費
payout,payouts:打款,出款 cashier:收银台,收銀臺,收银员,收銀員 refund,refunds,refunded,refunding:退款
chargeback,chargebacks:拒付,退单,退單 dispute,disputes,disputed:争议,爭議,纠纷,糾紛
settlement,settlements,settle,settled:结算,結算,清算,和解 reconciliation,reconcile,reconciled:对账,對賬
ledger,ledgers:账本,賬本,总账,總賬 bookkeeping,accounting,moneytracker,expensetracker:记账,記賬
accountant,accountants:会计,會計,会计师,會計師 invoice,invoices,invoiced,invoicing:开票,開票
receipt,receipts:收据,收據,小票,回执,回執 bill,bills,billed:账单,賬單,钞票,鈔票,法案 merchant,merchants:商户,商戶,商家
acquirer,acquiring:收单,收單 pos:刷卡机,刷卡機,收银机,收銀機 creditcard,creditcards,mastercard:信用卡
debitcard,debitcards:借记卡,借記卡,储蓄卡,儲蓄卡 card,cards,bankcard:卡片,银行卡,銀行卡
wallet,wallets,ewallet:电子钱包,電子錢包 qrpay,scantopay:扫码支付,掃碼支付 unionpay:银联,銀聯 stripe,paypal:支付平台,支付平臺
currency,currencies:货币,貨幣,币种,幣種 exchangerate,fx,forex:汇率,匯率,外汇,外匯 usd,dollar,dollars:美元,美金
rmb,yuan,cny,renminbi:人民币,人民幣 euro,euros,eur:欧元,歐元 pound,pounds,gbp:英镑,英鎊 yen,jpy:日元 hkd:港币,港幣
cash:现金,現金 coin,coins:硬币,硬幣,代币,代幣 crypto,cryptocurrency,bitcoin,btc:加密货币,加密貨幣,比特币,比特幣
blockchain:区块链,區塊鏈 fee,fees:费用,費用,手续费,手續費 commission,commissions:佣金,提成
discount,discounts,discounted:折扣,打折 coupon,coupons,voucher,vouchers:优惠券,優惠券,代金券
promo,promotion,promotions,promotional,promote,promoted,promoting:促销,促銷,优惠活动,優惠活動,晋升,晉升,升职,升職,推广,推廣
price,prices,priced,pricing:价格,價格,定价,定價 quote,quotes,quoted,quotation:报价,報價
plan,plans,planned,planning:计划,計劃,套餐 tier,tiers:档位,檔位 premium:高级,高級,溢价,溢價,保费,保費 free,freemium:免费,免費
trial,trials:试用,試用,试验,試驗 renewal,renew,renews,renewed,renewing,autorenew:续费,續費,续订,續訂,续期,續期,续签,續簽
cancel,cancels,canceled,cancelled,canceling,cancelling,cancellation:取消,退订,退訂 churn,churned:流失
customer,customers:客户,客戶,顾客,顧客 user,users:用户,用戶
membership,member,members,vip,vips:会员,會員,成员,成員,贵宾,貴賓 loyalty,points:积分,積分,忠诚度,忠誠度 cashback:返现,返現
topup,recharge,recharged:充值 withdraw,withdraws,withdrew,withdrawal,withdrawals:提现,提現,取款,撤回
deposit,deposits,deposited,securitydeposit:押金,定金
transfer,transfers,transferred,transferring:转账,轉賬,转移,轉移,调岗,調崗 remittance,remit:汇款,匯款
balance,balances:余额,餘額 overdraft:透支 installment,installments,instalment:分期,分期付款 bnpl:先买后付,先買後付
kyb:企业认证,企業認證 aml:反洗钱,反洗錢 moneylaundering:洗钱,洗錢 sku,skus:商品编码,商品編碼 product,products:产品,產品,商品
ecommerce,eshop:电商,電商 marketplace:交易平台,交易平臺 cart,carts,shoppingcart:购物车,購物車 wishlist:心愿单,心願單
shipping,ship,ships,shipped:发货,發貨,运输,運輸
delivery,deliveries,deliver,delivers,delivered,delivering:配送,送达,送達,交付 logistics:物流
trackingnumber,waybill:快递单号,快遞單號,运单号,運單號 courier,couriers,express:快递员,快遞員
exchange,exchanges,exchanged:换货,換貨,交换,交換,兑换,兌換
warranty,warranties,guarantee,guarantees:保修,质保,質保,保证,保證 aftersales:售后,售後
customerservice,support,helpdesk,cs:客服,支持 b2b,b2c,c2c:商业模式,商業模式 growth:增长,增長,成长,成長
marketing,market,markets:营销,營銷 advertising,ads,ad,advertise,advertisement,advertisements:广告,廣告,投放
campaign,campaigns:营销活动,營銷活動 brand,brands,branding:品牌 sales,sale,sell,sells,sold,selling:销售,銷售,出售
seller,sellers,vendor,vendors,supplier,suppliers:卖家,賣家,供应商,供應商 buyer,buyers:买家,買家
purchase,purchases,purchased,purchasing,buy,buys,bought,buying,procurement:购买,購買,采购,採購
contract,contracts,contractor,contractors:合约,合約 terms,tos:条款,條款,服务条款,服務條款
budget,budgets,budgeting:预算,預算 profit,profits,profitable:利润,利潤,盈利 margin,margins:毛利,利润率,利潤率,边距,邊距
roi:投资回报,投資回報 finance,financial,finances:财务,財務,金融 cfo:财务总监,財務總監
investor,investors,vc:投资人,投資人,投资者,投資者 funding,fundraising,fund,funds:融资,融資,资金,資金 valuation:估值
startup,startups:创业公司,創業公司,初创,初創 ipo:上市 equity:股权,股權 option,options:选项,選項
install,installs,installed,installing,installation,installer:安装,安裝,安装包,安裝包
uninstall,uninstalls,uninstalled,uninstalling:卸载,卸載
reinstall,reinstalled,reinstalling:重装,重裝,重新安装,重新安裝 setup,setups:搭建 reset,resets,resetting:重置,复位,復位
enable,enables,enabled,enabling:启用,啟用,啓用,开启,開啟,開啓 disable,disables:关闭,關閉
activate,activated,activation:激活,开通,開通 save,saves,saved:保存,存盘,存盤 autosave:自动保存,自動保存 redo:重做
copy,copies,copied,copying:复制,複製,拷贝,拷貝 paste,pasted,pasting:粘贴,粘貼 cutpaste,clipboard:剪贴板,剪貼板
file,files:文件 folder,folders,directory,directories,dir:文件夹,文件夾 path,paths:路径,路徑 filename:文件名
suffix:后缀,後綴,扩展名,擴展名 attachment,attachments,attach,attached:附件 pdf,pdfs:电子文档,電子文檔
slides,slide,ppt,powerpoint,deck,decks,keynote:幻灯片,幻燈片,演示文稿,汇报材料,彙報材料,主题演讲,主題演講
email,emails,emailed,emailing,mailing,inbox:邮箱,郵箱,电子邮件,電子郵件,收件箱
reply,replies,replied,replying:回复,回覆 forward,forwarded,forwarding:转发,轉發 cc,bcc:抄送,密送
newsletter,newsletters:简报,簡報,通讯,通訊 slack,lark,feishu,dingtalk:办公软件,辦公軟件,即时通讯,即時通訊
imessage,dm,dms,directmessage:即时消息,即時消息,私信,私聊 groupchat,groupchats:群聊,羣聊,微信群,微信羣
channel,channels:频道,頻道,渠道 mention,mentions,mentioned:提及,艾特
invite,invites,invited,inviting,invitation,invitations:邀请,邀請,邀约,邀約
calendarinvite,meetinginvite:会议邀请,會議邀請 zoom,videocall,videoconference,tencentmeeting:视频会议,視頻會議
call,calls,calling:通话,通話,打电话,打電話,调用,調用 voicemail:语音信箱,語音信箱 screenshare,screensharing:共享屏幕
meetingnotes:会议纪要,會議紀要 agenda,agendas:议程,議程 whiteboard:白板 brainstorm,brainstorming:头脑风暴,頭腦風暴
presentation,presentations,presented,presenting:展示 doccomment:批注,批註
sharedrive,googledrive,cloudstorage,icloud,dropbox,baiduyun:网盘,網盤,云盘,雲盤 pushcode:推送代码,推送代碼
pull,pulls,pulled,pulling:拉取,拉代码,拉代碼 clone,clones,cloned,cloning:克隆 stash,stashed:暂存,暫存
tag,tags,tagged,tagging:打标签,打標籤 deprecate,deprecated,deprecation,deprecating:弃用,棄用
backwardcompatible,backcompat:向后兼容,向後兼容 obsolete,outdated:过时,過時,陈旧,陳舊
eol,endoflife:停止维护,停止維護,生命周期,生命週期 lts:长期支持,長期支持 nightly:每日构建,每日構建 changelist,cl:变更列表,變更列表
monorepo:单仓库,單倉庫,大仓,大倉 submodule,submodules:子模块,子模塊 gitignore:忽略文件 precommit:提交钩子,提交鉤子
squash,squashed:压缩提交,壓縮提交 blame:追责,追責,甩锅,甩鍋 revertcommit:回滚提交,回滾提交 tagrelease,releasetag:版本标签,版本標籤
hashcommit,sha:提交哈希 os,operatingsystem,linux:操作系统,操作系統,系统,系統 win10,win11:微软系统,微軟系統
macos,mac,osx:苹果电脑,蘋果電腦,苹果系统,蘋果系統 ubuntu,debian,centos:发行版,發行版 firmware:固件 bios:主板设置,主板設置
boot,booting,bootup,boots:开机,開機,启动,啟動,啓動,靴子 autostart:开机启动,開機啟動,開機啓動,自启动,自啟動,自啓動
bluescreen,bsod:蓝屏,藍屏 slow,slower,slowly,sluggish:很慢,缓慢,緩慢,变慢,變慢
fast,faster,quick,quickly,speed,speeds:快速,速度,很快 broken,breaks,broke:坏了,壞了
fail,fails,failed,failing,failure,failures:挂了,掛了
success,successful,successfully,succeed,succeeded:成功 unresponsive,notresponding:没反应,沒反應
glitch,glitches:小故障 weird,strange,odd:奇怪,诡异,詭異 wrong,incorrect:不对,不對
correct,correctly,correctness:正确,正確,正确性,正確性 missingdata,dataloss:丢数据,丟數據,数据丢失,數據丟失
corrupt,corrupted,corruption:数据损坏,數據損壞 empty:为空,為空,爲空,空白 invalid:无效,無效 valid:有效,合法 illegal:违法,違法,非法
available,unavailable:可用,不可用 accessible,inaccessible:无法访问,無法訪問,可访问,可訪問
blockedsite,gfw,censorship:被墙,被牆 error404,notfound,404:找不到 badgateway:网关错误,網關錯誤
permissiondenied,forbidden,403:没有权限,沒有權限,拒绝访问,拒絕訪問 401:未认证,未認證 ratelimited,429:请求过多,請求過多
exceeded,exceed,exceeds:超出,超过,超過,超限 limit,limits,limited,limitation,limitations:限制 maximum,max:最大
minimum,min:最小,下限 default,defaults:默认,默認 optional:可选,可選 required,mandatory:必填,必须,必須,必选,必選
custom,customize,customized,customization:自定义,自定義,定制,定製 manual,manually:手动,手動,手册,手冊
automatic,automatically,auto,automate,automated,automation:自动,自動,自动化,自動化
bot,bots,robot,robots:机器人,機器人 tool,tools,tooling:工具 toolkit:工具包 command,commands,cmd,cli:命令,命令行
flag,flags:旗帜,旗幟,标记,標記 output,outputs:输出,輸出 stdout,stderr:标准输出,標準輸出
codegen,codegeneration:代码生成,代碼生成 copilot,aiassistant,codeassistant:编程助手,編程助手,智能助手
assistant,assistants:助手,助理 autocomplete,autocompletion,completion:自动补全,自動補全,补全,補全
snippet,snippets:代码片段,代碼片段,片段 vim,emacs,vscode,intellij,editor,editors:编辑器,編輯器,编辑,編輯 syntax:语法,語法
highlight,highlights,highlighted,highlighting:高亮,亮点,亮點 typo,typos:错别字,錯別字,笔误,筆誤
spelling,spellcheck:拼写,拼寫,拼写检查,拼寫檢查 semver,semanticversioning:语义版本,語義版本
servererror,internalerror,500,502,503:服务报错,服務報錯,服务器错,服務器錯 apigateway:接口网关,接口網關
openapi,swagger:接口文档,接口文檔 graphql:查询接口,查詢接口 idl,protobuf,proto:接口定义,接口定義 contracttest:契约测试,契約測試
apiversion:接口版本 blastradius:影响范围,影響範圍 rollbackplan:回滚方案,回滾方案 releasetrain:发布火车,發佈火車
releasebranch:发布分支,發佈分支 releasemanager:发布经理,發佈經理 gonogo:上线评审,上線評審 signoff,signedoff:签字确认,簽字確認,签核,籤核
acceptancetest,acceptance:验收,驗收,验收测试,驗收測試 qualityassurance:质量保障,質量保障 testplan,testplans:测试计划,測試計劃
testreport:测试报告,測試報告 devenv,devenvironment:开发环境,開發環境 mockserver:模拟服务,模擬服務 testdata:测试数据,測試數據
fuzz,fuzzing,fuzzer:模糊测试,模糊測試 performancetest:性能测试,性能測試 soak,soaktest,endurance:耐久测试,耐久測試
chaos,chaosengineering:混沌工程,混沌 failoverdrill,disasterdrill:容灾演练,容災演練,故障演练,故障演練
disasterrecovery:容灾,容災,灾备,災備 multiregion,multiactive:多活,异地多活,異地多活 crossregion:跨地域
hotstandby,coldstandby:热备,熱備,冷备,冷備 dirtydata,baddata:脏数据,髒數據
backfill,backfilled,backfilling:回填,补数,補數 rerun,reran,rerunning:重跑 replay,replayed,replaying:回放,重放
datafix,hotdatafix:数据修复,數據修復,修数,修數 alter,altered,altertable:修改表
droptable,drop,dropped,dropping:删表,刪表,丢弃,丟棄,掉落 truncate,truncated:截断,截斷,清空
lockwait,locktimeout:锁等待,鎖等待 connectionleak:连接泄漏,連接洩漏,連接泄漏 tablelock,rowlock:表锁,表鎖,行锁,行鎖
dbmigration,schemamigration:数据迁移,數據遷移,表迁移,表遷移 readonly:只读,只讀 writeheavy,readheavy:读多写少,讀多寫少
cpuusage,cpuload,highcpu:占用率,佔用率,负载高,負載高 memoryusage,highmemory:内存占用,內存佔用
diskfull,diskspace:磁盘满,磁盤滿,磁盘空间,磁盤空間 inode,inodes:索引节点,索引節點 logrotate,logrotation:日志轮转,日誌輪轉
logcollection,logshipping,elk:日志收集,日誌收集,日志平台,日誌平臺 alertfatigue:告警疲劳,告警疲勞
noisyalert,falsealarm,falsepositive,falsepositives:误报,誤報 falsenegative,falsenegatives:漏报,漏報
escalationpolicy:升级策略,升級策略 pagerrotation,oncallrotation:值班轮换,值班輪換 handoffoncall:值班交接
mttr,mttd:恢复时长,恢復時長 sli,slis:服务指标,服務指標 errorbudget:错误预算,錯誤預算 toil:重复劳动,重複勞動,杂活,雜活
capacityplanning:容量规划,容量規劃 costoptimization,finops:成本优化,成本優化,降本增效
reservedinstance,spotinstance:竞价实例,競價實例,预留实例,預留實例 egressfee,trafficfee:流量费,流量費
elastic,elasticity:弹性,彈性 multitenant,multitenancy:多租户,多租戶,租户,租戶 noisyneighbor:资源争抢,資源爭搶
baseimage:基础镜像,基礎鏡像 imagetag:镜像标签,鏡像標籤 dockercompose,compose:编排文件,編排文件 deploymentyaml:部署文件
statefulset,daemonset,replicaset:控制器 configmap:配置映射
secretmanager,keymanagement,kms:密钥管理,密鑰管理,密钥服务,密鑰服務 certrenewal,certexpiry:证书续期,證書續期,证书过期,證書過期
domainrenewal:域名续费,域名續費 icp,beian:备案,備案,网站备案,網站備案
dnsresolution,resolve,resolved,resolving,resolver:已解决,已解決 cname,arecord:域名记录,域名記錄
staticip,elasticip,eip,publicip:公网地址,公網地址,弹性地址,彈性地址 privateip,intranet:内网,內網,私网,私網
extranet,publicnetwork:外网,外網,公网,公網 nat:地址转换,地址轉換 portforwarding,portmapping:端口转发,端口轉發,端口映射
packetloss:丢包,丟包 networkjitter:网络抖动,網絡抖動 weaknetwork,poornetwork,badnetwork:弱网,弱網,网络差,網絡差
networkerror,networkissue:网络异常,網絡異常,网络错误,網絡錯誤 crossborder:跨境 speedtest:测速,測速
schemachange,schemachanges:表变更,表變更,改表结构,改表結構 body,bodies:身体,身體,躯体,軀體 head,heads:头部,頭部,脑袋,腦袋
headache,headaches:头疼,頭疼,头痛,頭痛 hair:头发,頭髮,毛发,毛髮 haircut,haircuts:理发,理髮,剪头发,剪頭髮 face,faces:脸部,臉部,面部
forehead:额头,額頭 eye,eyes:眼睛 eyebrow,eyebrows:眉毛 eyelash,eyelashes:睫毛 eyelid,eyelids:眼皮 ear,ears:耳朵
nose,noses:鼻子 mouth:嘴巴 lip,lips:嘴唇,嘴脣 tooth,teeth:牙齿,牙齒 tongue:舌头,舌頭 throat:喉咙,喉嚨,嗓子
neck,necks:脖子,颈部,頸部 shoulder,shoulders:肩膀,肩部 arm,arms:手臂,胳膊 elbow,elbows:手肘,胳膊肘 wrist,wrists:手腕
hand,hands:双手,雙手,手部 finger,fingers:手指 thumb,thumbs:拇指,大拇指
nail,nails,fingernail,fingernails,toenail,toenails:指甲 chest:胸口 breast,breasts:乳房 spine:脊柱,脊椎
waist,lowerback,lumbar:腰部,腰围,腰圍,腰椎 belly,stomach,tummy,abdomen,abdominal:肚子,腹部,胃部 hip,hips:臀部,髋部,髖部
butt,buttocks:屁股 leg,legs:腿部,双腿,雙腿 thigh,thighs:大腿 knee,knees:膝盖,膝蓋 calf,calves:小腿,小牛
ankle,ankles:脚踝,腳踝 foot,feet:双脚,雙腳,脚部,腳部 toe,toes:脚趾,腳趾 heel,heels:脚跟,腳跟,高跟鞋 skin:皮肤,皮膚
bone,bones:骨头,骨頭,骨骼 muscle,muscles,muscular:肌肉 joint,joints:关节,關節
tendon,tendons,ligament,ligaments:韧带,韌帶,肌腱 brain:大脑,大腦,脑子,腦子 heart,hearts:心脏,心臟,爱心,愛心 lung,lungs:肺部
liver:肝脏,肝臟 kidney,kidneys:肾脏,腎臟 bladder:膀胱 intestine,intestines,gut,bowel:肠道,腸道 colon:结肠,結腸
blood:血液 vein,veins:静脉,靜脈,血管 artery,arteries:动脉,動脈 nerve,nerves:神经,神經 thyroid:甲状腺,甲狀腺 prostate:前列腺
uterus,womb:子宫,子宮 ovary,ovaries:卵巢 pelvis,pelvic:骨盆,盆腔 gland,glands,lymph:淋巴,腺体,腺體
health,healthy:健康,身体健康,身體健康 unhealthy:不健康
sick,sickness,ill,illness,illnesses,disease,diseases:生病,疾病,病了
pain,pains,painful,ache,aches,aching,sore,soreness:疼痛,酸痛,痠痛
fever,fevers,temperature:发烧,發燒,发热,發熱,体温,體溫,温度,溫度 cold,colds:感冒,寒冷 flu,influenza:流感
cough,coughs,coughing,coughed:咳嗽 sneeze,sneezes,sneezing:打喷嚏,打噴嚏 runnynose:流鼻涕
congestion,stuffy:鼻塞,拥堵,擁堵 sorethroat:嗓子疼,咽喉痛 allergy,allergies,allergic:过敏,過敏 hayfever:花粉症
asthma:哮喘 rash,rashes:皮疹,疹子 itch,itchy,itching:发痒,發癢,瘙痒,瘙癢 eczema:湿疹,溼疹
acne,pimple,pimples:痘痘,青春痘,粉刺 diarrhea,diarrhoea:腹泻,腹瀉,拉肚子 constipation,constipated:便秘,便祕
nausea,nauseous,vomit,vomiting,vomited,throwup:恶心,噁心,呕吐,嘔吐,想吐 dizzy,dizziness,vertigo:头晕,頭暈,眩晕,眩暈
fatigue,tired,tiredness,exhausted,exhaustion:疲劳,疲勞,累了,疲惫,疲憊 insomnia:失眠
sleep,sleeps,slept,sleeping:睡眠,睡觉,睡覺 nap,naps,napping:午睡,小睡 snore,snores,snoring:打呼噜,打呼嚕,打鼾
dream,dreams,dreamed,dreamt:梦想,夢想,做梦,做夢
injury,injuries,injured,hurt,hurts,hurting:受伤,受傷,伤害,傷害,伤痛,傷痛 wound,wounds,wounded:伤口,傷口
bruise,bruises,bruised:淤青,瘀伤,瘀傷 sprain,sprains,sprained:扭伤,扭傷,崴脚,崴腳 fracture,fractures,fractured:骨折
burn,burns,burned,burnt:烧伤,燒傷,烫伤,燙傷,燃烧,燃燒 bleed,bleeding,bled:流血,出血 scar,scars:伤疤,傷疤,疤痕
swelling,swollen,swell:肿胀,腫脹,红肿,紅腫,水肿,水腫 inflammation,inflamed:炎症 infection,infections,infected:感染
covid,coronavirus,covid19:新冠,新冠肺炎 pneumonia:肺炎 bronchitis:支气管炎,支氣管炎 tonsillitis:扁桃体炎,扁桃體炎
gastritis:胃炎 appendicitis:阑尾炎,闌尾炎 hepatitis:肝炎 diabetes,diabetic:糖尿病
hypertension,highbloodpressure:高血压,高血壓 bloodpressure,bp:血压,血壓 bloodsugar,glucose:血糖
cholesterol:胆固醇,膽固醇 cancer,cancers,tumor,tumors,tumour:癌症,肿瘤,腫瘤 heartattack:心梗,心脏病,心臟病
stroke,strokes:中风,中風,脑卒中,腦卒中 migraine,migraines:偏头痛,偏頭痛 arthritis:关节炎,關節炎 gout:痛风,痛風
obesity,obese,overweight:肥胖,超重 anemia,anaemia:贫血,貧血 depression,depressed:抑郁,抑鬱,抑郁症,抑鬱症
anxiety,anxious:焦虑,焦慮,焦虑症,焦慮症 adhd:多动症,多動症 autism,autistic:自闭症,自閉症,孤独症,孤獨症
dementia,alzheimer,alzheimers:痴呆,癡呆,老年痴呆,老年癡呆 mentalhealth:心理健康
therapy,therapies,therapist,therapists,counseling,counselling,counselor:心理咨询,心理諮詢,治疗,治療,咨询师,諮詢師
psychologist,psychiatrist,psychiatrists,psychologists:心理医生,心理醫生,精神科
doctor,doctors,physician,physicians,gp:医生,醫生,大夫 nurse,nurses,nursing:护士,護士,护理,護理
dentist,dentists,dental:牙医,牙醫,牙科 pediatrician,pediatrics,paediatric:儿科,兒科,儿科医生,兒科醫生
dermatologist,dermatology:皮肤科,皮膚科 gynecologist,gynecology,obgyn:妇科,婦科
ophthalmologist,optometrist,eyedoctor:眼科 surgeon,surgeons:外科医生,外科醫生
specialist,specialists:专科医生,專科醫生,专家,專家 hospital,hospitals:医院,醫院
clinic,clinics,outpatient:诊所,診所,门诊,門診 emergency,er,ae,emergencyroom:急诊,急診
ambulance,ambulances:救护车,救護車 pharmacy,pharmacies,drugstore,chemist:药店,藥店,药房,藥房
appointment,appointments:挂号,掛號 inpatient,hospitalized,hospitalised,hospitalization:住院
discharge,discharged:出院 ward,wards:病房 icu:重症监护,重症監護 checkup,checkups,medicalexam:体检,體檢
examination,exam,exams,examine,examined:检查,檢查,考试,考試 bloodtest,bloodtests:验血,驗血,血检,血檢
urinetest,urine:尿检,尿檢,尿液 xray,xrays:拍片 ct,ctscan:扫描检查,掃描檢查 mri:核磁共振,核磁 ultrasound,bscan:超声,超聲,彩超
ecg,ekg:心电图,心電圖 biopsy:活检,活檢 endoscopy,gastroscopy,colonoscopy:胃镜,胃鏡,肠镜,腸鏡
prescription,prescriptions,prescribe,prescribed:处方,處方,开药,開藥
medicine,medicines,medication,medications,drug,drugs,meds:药物,藥物,药品,藥品,医学,醫學
pill,pills,capsule,capsules:药片,藥片,胶囊,膠囊
painkiller,painkillers,ibuprofen,paracetamol,acetaminophen,tylenol:止痛药,止痛藥,布洛芬,退烧药,退燒藥
antibiotic,antibiotics,amoxicillin:抗生素,消炎药,消炎藥 vitamin,vitamins:维生素,維生素
supplement,supplements:补充剂,補充劑,保健品 dose,doses,dosage:剂量,劑量,用量 sideeffect,sideeffects:副作用
vaccine,vaccines,vaccination,vaccinated,vaccinate,jab:疫苗,接种,接種,打疫苗 booster:加强针,加強針
drip,iv:输液,輸液,打点滴,打點滴,吊瓶 surgery,surgeries:手术,手術 anesthesia,anaesthesia:麻醉
stitches,stitch:缝针,縫針,缝合,縫合 crutches,crutch:拐杖,柺杖 wheelchair,wheelchairs:轮椅,輪椅
rehab,rehabilitation,physiotherapy,physio,physicaltherapy:康复,康復,理疗,理療 massage,massages:按摩,推拿
acupuncture:针灸,針灸,鍼灸 tcm,chinesemedicine,herbal:中医,中醫,中药,中藥 symptom,symptoms:症状,症狀 chronic:慢性,慢性病
acute:急性 healing,heal,heals,healed:愈合,癒合,痊愈,痊癒 sicknote,sickleave,sickday,sickdays:病假
medicalrecord,medicalrecords:病历,病歷 medicalinsurance,healthinsurance:医保,醫保,医疗保险,醫療保險
copay,deductible:自付,免赔额,免賠額 pregnant,pregnancy,pregnancies:怀孕,懷孕,孕期 prenatal,antenatal:产检,產檢
birth,births,childbirth,deliverybaby:分娩,生孩子,出生 csection,cesarean:剖腹产,剖腹產 midwife:助产士,助產士
miscarriage:流产,流產 fertility,ivf,infertility:生育,试管,試管,不孕
period,periods,menstruation,menstrual:月经,月經,例假,生理期,时期,時期 contraception,condom,condoms:避孕,避孕套
menopause:更年期 breastfeeding,breastfeed,nursingbaby:母乳喂养,母乳餵養,哺乳 babyformula:奶粉
glasses,spectacles:眼镜,眼鏡 contacts,contactlenses:隐形眼镜,隱形眼鏡 myopia,nearsighted,shortsighted:近视,近視
hearing,hearingaid,deaf:听力,聽力,助听器,助聽器,耳聋,耳聾 cavity,cavities,decay:蛀牙,龋齿,齲齒
braces,orthodontics:牙套,正畸 wisdomtooth,wisdomteeth:智齿,智齒 rootcanal:根管治疗,根管治療
filling,fillings:补牙,補牙,馅料,餡料 teethcleaning:洗牙,洁牙,潔牙 toothbrush,toothbrushes:牙刷 toothpaste:牙膏
floss,flossing:牙线,牙線 weightloss,loseweight,diet,diets,dieting:减肥,減肥,节食,節食 bmi:体重指数,體重指數
calorie,calories,kcal:卡路里,热量,熱量 protein:蛋白质,蛋白質 carb,carbs,carbohydrate,carbohydrates:碳水
fat,fats,fatty:脂肪 fiber,fibre:纤维,纖維,膳食纤维,膳食纖維 sugar,sugars,sugary:糖分 dehydrated,dehydration:脱水,脫水
smoking,smoke,smokes,smoker,cigarette,cigarettes:吸烟,吸菸,抽烟,抽菸,香烟,香菸 vape,vaping,ecigarette:电子烟,電子煙
alcohol,alcoholic:饮酒,飲酒,酒精 hangover:宿醉 drunk:喝醉,醉了 addiction,addicted:上瘾,上癮,成瘾,成癮
stress,stressed,stressful:压力大,壓力大 burnout,burnedout:倦怠,职业倦怠,職業倦怠 mental:心理,精神
wellbeing,wellness:身心健康,养生,養生 breathing,breath,breathe:呼吸 pulse:脉搏,脈搏 bloodtype:血型
blooddonation,donateblood:献血,獻血 organ,organs:器官 disability,disabled,handicapped:残疾,殘疾,残障,殘障,已禁用
elderly,senior,seniors,aged:老人,老年人,长者,長者 caregiver,caregivers,carer:看护,看護,护工,護工
eldercare,nursinghome,carehome:养老院,養老院,养老,養老 family,families:家庭,家人
parent,parents,parenting:父母,家长,家長,育儿,育兒 mother,mothers,mom,moms,mum,mums,mommy,mama:妈妈,媽媽,母亲,母親
father,fathers,dad,dads,daddy,papa:爸爸,父亲,父親 son,sons:儿子,兒子 daughter,daughters:女儿,女兒
child,children,kid,kids:孩子,小孩,儿童,兒童 baby,babies,infant,infants,newborn,newborns:宝宝,寶寶,婴儿,嬰兒,新生儿,新生兒
toddler,toddlers:幼儿,幼兒,学步儿,學步兒 teenager,teenagers,teen,teens,adolescent:青少年
brother,brothers:兄弟,哥哥,弟弟 sister,sisters:姐妹,姐姐,妹妹 sibling,siblings:兄弟姐妹 twin,twins:双胞胎,雙胞胎
grandparent,grandparents:祖父母,爷爷奶奶,爺爺奶奶 grandmother,grandma,granny,grandmothers:奶奶,外婆,姥姥
grandfather,grandpa,grandfathers:爷爷,爺爺,外公,姥爷,姥爺
grandchild,grandchildren,grandson,granddaughter:孙子,孫子,孙女,孫女,外孙,外孫 uncle,uncles:叔叔,舅舅,伯伯
aunt,aunts,auntie:姑姑,姨妈,姨媽 cousin,cousins:表哥,表姐,堂兄,表亲,表親 nephew,nephews:侄子,外甥 niece,nieces:侄女,外甥女
relative,relatives:亲戚,親戚 inlaw,inlaws,motherinlaw,fatherinlaw:公婆,岳父母,婆婆,丈母娘,丈母孃
husband,husbands:丈夫,老公 wife,wives:妻子,老婆 spouse,spouses:配偶 partner,partners:伴侣,伴侶,合作伙伴
boyfriend,boyfriends,bf:男朋友,男友 girlfriend,girlfriends,gf:女朋友,女友 couple,couples:情侣,情侶,夫妻
marriage,marriages,married,marry,marries:结婚,結婚,婚姻,已婚 wedding,weddings:婚礼,婚禮,婚宴
engagement,engaged,fiance,fiancee:订婚,訂婚,未婚夫,未婚妻 divorce,divorces,divorced:离婚,離婚
separation,separated:分居,分离,分離 breakup,breakups,brokeup:分手 dating,datingapp,blinddate:相亲,相親
crush:暗恋,暗戀 love,loves,loved,loving:爱情,愛情,喜爱,喜愛,爱你,愛你 romance,romantic:浪漫,恋爱,戀愛
anniversary,anniversaries:纪念日,紀念日,周年,週年 single:单身,單身 friend,friends,friendship:朋友,友谊,友誼
bestfriend,bff:好朋友,闺蜜,閨蜜,死党,死黨 neighbor,neighbors,neighbour,neighbours:邻居,鄰居
roommate,roommates,flatmate,flatmates:室友 colleague,colleagues,coworker,coworkers:同事
classmate,classmates:同学,同學 birthday,birthdays:生日 funeral,funerals:葬礼,葬禮
death,died,die,dies,passedaway:去世,过世,過世,死亡 grief,grieving,mourning:哀悼
babysitter,babysitters,nanny,nannies,babysit,babysitting:保姆,育儿嫂,育兒嫂
diaper,diapers,nappy,nappies:尿布,尿不湿,尿不溼 stroller,strollers,pram:婴儿车,嬰兒車 crib,cot:婴儿床,嬰兒床,嬰兒牀
bottle,bottles:奶瓶,瓶子 pacifier,dummy:安抚奶嘴,安撫奶嘴 toy,toys:玩具 daycare,nursery,creche:托儿所,托兒所,幼托
kindergarten,preschool:幼儿园,幼兒園 school,schools,schooling:学校,學校,上学,上學
primaryschool,elementaryschool,elementary:小学,小學 middleschool,juniorhigh:初中 highschool:高中
university,universities,college,colleges:大学,大學,高校 campus:校园,校園 student,students,pupil,pupils:学生,學生
teacher,teachers:老师,老師,教师,教師 professor,professors:教授 principal,headteacher,headmaster:校长,校長
tutor,tutors,tutoring:家教,辅导,輔導 classroom:教室
grade,grades,graded,grading,score,scores,scored:年级,年級,成绩,成績,分数,分數,得分
homework,assignment,assignments:家庭作业,家庭作業 quiz,quizzes:小测验,小測驗,测验,測驗
finalexam,finals,midterm,midterms:期末考试,期末考試,期中考试,期中考試 gaokao,entranceexam:高考
admission,admissions,admitted,enroll,enrolled,enrollment,enrolment:录取,錄取,入学,入學,招生
tuition,tuitionfee:学费,學費 scholarship,scholarships:奖学金,獎學金 textbook,textbooks:课本,課本,教材
pencil,pencils:铅笔,鉛筆 pen,pens:钢笔,鋼筆 eraser,erasers,rubber:橡皮 backpack,backpacks,schoolbag:书包,書包,背包
uniform,uniforms:校服,制服 course,courses,lesson,lessons:课程,課程,课堂,課堂,上课,上課 subject,subjects:科目
math,maths,mathematics:数学,數學 science:科学,科學 physics:物理 chemistry:化学,化學 biology:生物 history:历史,歷史
geography:地理 art,arts:艺术,藝術,美术,美術 music:音乐,音樂 pe:体育课,體育課 semester,semesters:学期,學期
graduation,graduate,graduated,graduates:毕业,畢業,毕业生,畢業生 degree,degrees:学位,學位,学历,學歷,度数,度數
bachelor,bachelors,undergraduate,undergrad:本科,学士,學士 postgraduate,postgrad:研究生,硕士,碩士
phd,doctorate:博士 thesis,dissertation:毕业论文,畢業論文 paper,papers:纸张,紙張
research,researcher,researchers:科研
study,studies,studied,studying,learn,learns,learned,learnt,learning:学习,學習 revision:复习,複習
parentteacher,ptm:家长会,家長會 afterschool:课后,課後,放学后,放學後 extracurricular:课外活动,課外活動,兴趣班,興趣班
pianolesson,piano:钢琴,鋼琴 swimlesson:游泳课,游泳課 bully,bullying,bullied:霸凌,欺负,欺負 discipline:纪律,紀律,管教
punishment,punish,punished:惩罚,懲罰 tantrum,tantrums:发脾气,發脾氣,哭闹,哭鬧 screentime:屏幕时间,屏幕時間 curfew:门禁,門禁
allowance,pocketmoney:零花钱,零花錢,补贴,補貼 adoption,adopt,adopted:收养,收養,采纳,採納 custody:监护权,監護權,抚养权,撫養權
childsupport,alimony:抚养费,撫養費,赡养费,贍養費 pregnancytest:验孕,驗孕 house,houses:房子,住宅,房屋
home,homes:家里,家裡,家裏,住所 apartment,apartments,flat,flats,condo,condos:公寓 housing:住房,房源
rent,rents,rented,renting,rental,rentals:租房,房租,租金,出租 tenant,tenants,renter,renters:租客,房客
landlord,landlords,landlady:房东,房東 lease,leases,leased,tenancy:租约,租約,租赁合同,租賃合同
realtor,realtors,estateagent:房产中介,房產中介 realestate,property,properties:房产,房產,地产,地產
propertymanagement,hoa:物业,物業,物业管理,物業管理 propertyfee,servicecharge:物业费,物業費
mortgage,mortgages:房贷,房貸,按揭 downpayment:首付 loan,loans:贷款,貸款
interest,interestrate,interestrates:利息,利率 homeowner,homeowners:业主,業主,房主
buyhouse,househunting,viewing,viewings:看房,买房,買房,参观,參觀
move,moves,moved,moving,relocate,relocated,relocation:搬家,搬迁,搬遷,调动,調動 movers,movingcompany:搬家公司
pack,packs,packing,unpack,unpacking,unpacked:收拾,拆箱 box,boxes,carton,cartons:箱子,纸箱,紙箱,盒子
furniture:家具,傢俱 sofa,sofas,couch,couches:沙发,沙發 bed,beds:床铺,床鋪,牀鋪,床上,牀上 mattress,mattresses:床垫,床墊,牀墊
pillow,pillows:枕头,枕頭 blanket,blankets,duvet,quilt:被子,毯子 sheet,sheets,bedsheet:床单,床單,牀單,工作表
wardrobe,closet,closets:衣柜,衣櫃 drawer,drawers:抽屉,抽屜 shelf,shelves,bookshelf:书架,書架,架子
desk,desks:书桌,書桌,办公桌,辦公桌 chair,chairs:椅子 lamp,lamps,light,lights,lighting:灯光,燈光,台灯,檯燈,照明
curtain,curtains,blinds:窗帘,窗簾 carpet,carpets,rug,rugs:地毯 mirror,mirrors:镜子,鏡子 room,rooms:房间,房間
bedroom,bedrooms:卧室,臥室 livingroom,lounge:客厅,客廳 kitchen,kitchens:厨房,廚房
bathroom,bathrooms,toilet,toilets,restroom,restrooms,washroom,wc:卫生间,衛生間,厕所,廁所,洗手间,洗手間
shower,showers,showered:淋浴,洗澡 bathtub,bath,baths:浴缸,泡澡 balcony,balconies:阳台,陽臺 garage,garages:车库,車庫
garden,gardens,gardening,yard,backyard:花园,花園,院子,园艺,園藝 basement,cellar:地下室 attic,loft:阁楼,閣樓
roof,roofs:屋顶,屋頂,房顶,房頂 floor,floors:地板,楼层,樓層 wall,walls:墙壁,牆壁,墙面,牆面 ceiling,ceilings:天花板
window,windows:窗户,窗戶,窗口,视窗,視窗 door,doors:房门,房門,门口,門口 stairs,staircase,stair:楼梯,樓梯
elevator,elevators,lift,lifts:电梯,電梯 lobby:大堂,大厅,大廳 doorbell:门铃,門鈴 keycard,accesscard:门禁卡,門禁卡
intercom:对讲机,對講機 neighborhood,neighbourhood,community,communities:小区,小區,社区,社區
renovation,renovate,renovated,renovating,remodel:装修,裝修,翻新
decorate,decorated,decoration,decorations:装饰,裝飾 paint,painted,painting,paints:油漆,刷墙,刷牆
plumber,plumbers,plumbing:水管工 electrician,electricians:电工,電工
repair,repairs,repaired,repairing:维修,維修,修理,修好 waterleak:漏水 pipe,pipes:水管,管道 clog,clogged:堵塞,堵了
drain,drains:下水道,排水 mold,mould,moldy:发霉,發黴,霉菌,黴菌 pest,pests,cockroach,cockroaches,roach:蟑螂,害虫,害蟲
mosquito,mosquitoes:蚊子 ant,ants:蚂蚁,螞蟻 utility,utilities:水电费,水電費,公用事业,公用事業
electricity,power:电费,電費,电力,電力,停电,停電 water,waterbill:水费,水費,饮用水,飲用水 gas,gasbill:燃气,燃氣,煤气,煤氣
heating,heater,heaters:暖气,暖氣,供暖,取暖器 aircon,airconditioner,airconditioning,ac:空调,空調 fan,fans:风扇,風扇
fridge,refrigerator,fridges:冰箱 freezer:冷冻室,冷凍室,冰柜,冰櫃 washingmachine,washer:洗衣机,洗衣機
dryer,dryers:烘干机,烘乾機 dishwasher:洗碗机,洗碗機 microwave,microwaves:微波炉,微波爐 oven,ovens:烤箱
stove,stoves,cooktop,hob:炉灶,爐灶,爐竈,灶台,灶臺,竈臺 ricecooker:电饭煲,電飯煲 kettle,kettles:水壶,水壺,烧水壶,燒水壺
vacuum,vacuums,vacuumcleaner,hoover:吸尘器,吸塵器,吸尘,吸塵 robotvacuum,roomba:扫地机,掃地機
airpurifier,purifier:空气净化,空氣淨化 humidifier,dehumidifier:加湿器,加溼器,除湿机,除溼機 tv,television,tvs:电视,電視
broadband,internet:宽带,寬帶,上网,上網 cleaning,clean,cleaned,cleans,tidy,tidying:打扫,打掃,清洁,清潔
housework,chores,chore:家务,家務,家务活,家務活 laundry,washclothes:洗衣服,洗衣 ironing,iron,ironed:熨衣服,熨斗
dishes,washdishes:洗碗,碗碟 trash,garbage,rubbish,waste:垃圾 recycling,recycle,recycled:回收,垃圾分类,垃圾分類
cleaner,cleaners,housekeeper,maid:保洁,保潔,钟点工,鐘點工,家政 lockedout,lockout:锁在门外,鎖在門外 locksmith:开锁,開鎖
smartlock:智能锁,智能鎖 cctv:监控摄像,監控攝像 smokealarm,smokedetector:烟雾报警,煙霧報警 fire,fires:火灾,火災,着火,著火
flood,floods,flooding,flooded:洪水,淹水,水灾,水災 earthquake,earthquakes:地震 homeinsurance:房屋保险,房屋保險
utilitiessetup,accountopening,openaccount:开户,開戶 address,addresses:地址 postcode,zipcode:邮编,郵編
mail,mailbox,postoffice:信箱,邮局,郵局 pickuppoint,lockers:快递柜,快遞櫃,驿站,驛站 dormitory,dorm,dorms:宿舍
hotel,hotels:酒店,宾馆,賓館 airbnb,homestay,bnb,guesthouse:民宿 commute,commutes,commuting,commuter:通勤
downtown,citycenter,centre:市中心 suburb,suburbs,suburban:郊区,郊區
rural,countryside,village,villages:农村,農村,乡下,鄉下,村庄,村莊 city,cities:城市 town,towns:小镇,小鎮,城镇,城鎮
money:钱款,錢款,金钱,金錢 bank,banks,banking:银行,銀行 bankaccount,bankaccounts:银行账户,銀行賬戶
savings,saving:储蓄,儲蓄,省钱,省錢 checkingaccount:活期账户,活期賬戶,活期 fixeddeposit,timedeposit:定期存款,定期
atm,atms:取款机,取款機 teller:柜员,櫃員 pin,pincode:取款密码,取款密碼 iban,routingnumber:银行代码,銀行代碼
wire,wiretransfer:电汇,電匯 statement,statements,bankstatement:流水,对账单,對賬單
creditscore,credit,creditrating:信用,征信,徵信,信用分 creditreport:征信报告,徵信報告
repay,repayment,repayments,repaid:还款,還款 overdue,arrears,latepayment:逾期,拖欠
borrow,borrowed,borrowing,lend,lent,lending:借钱,借錢,借出 lender,lenders:贷款方,貸款方,放贷,放貸
investment,investments,invest,invests,invested,investing:投资,投資,理财,理財 stock,stocks,equities:股票
shareholders,shareholder:股东,股東 bond,bonds:债券,債券 mutualfund,etf,etfs,indexfund:基金,指数基金,指數基金
portfolio,portfolios:投资组合,投資組合,作品集 dividend,dividends:分红,分紅,股息 brokerage:券商,证券账户,證券賬戶
trading,trade,trades,traded,trader,traders:炒股,贸易,貿易 bullmarket,bearmarket:牛市,熊市 gold:黄金,黃金,金子
wealth,wealthy,rich:财富,財富,有钱,有錢 poor,poverty:贫穷,貧窮,穷人,窮人
expense,expenses,expenditure,spending,spend,spends,spent:支出,开销,開銷,花费,花費
reimbursement,reimburse,reimbursed,expenseclaim:报销,報銷 salary,salaries,wage,wages:工资,工資,薪水,薪资,薪資
paycheck,payslip,payslips,payroll,paystub:工资单,工資單,发工资,發工資,薪资单,薪資單,工资条,工資條
bonus,bonuses,yearendbonus,13thmonth:奖金,獎金,年终奖,年終獎,十三薪 raise,payrise,payraise:加薪,涨薪,漲薪
tax,taxes,taxed,taxation:税务,稅務,纳税,納稅,税费,稅費 taxreturn,taxfiling,filetax:报税,報稅,个税申报,個稅申報
incometax,iit:个税,個稅,所得税,所得稅 vat,salestax,gst:增值税,增值稅,消费税,消費稅 taxrefund:退税,退稅
taxdeduction,deduction,deductions:扣除,抵扣,专项扣除,專項扣除 taxbracket,taxrate:税率,稅率
irs,taxoffice,taxbureau:税务局,稅務局 socialsecurity,pension,pensions:社保,养老金,養老金,退休金
providentfund,housingfund:公积金,公積金 retirement,retire,retired,retiring:退休
insurance,insurances,insured,insure:保险,保險,投保 claim,claims,claimed,claiming:理赔,理賠,索赔,索賠,申领,申領
lifeinsurance:寿险,壽險,人寿保险,人壽保險 carinsurance,autoinsurance:车险,車險 travelinsurance:旅游保险,旅遊保險
criticalillness:重疾险,重疾險 accidentinsurance:意外险,意外險 beneficiary,beneficiaries:受益人
insurer,insurers,insurancecompany:保险公司,保險公司 underwriting:核保,覈保 afford,affordable:负担得起,負擔得起
expensive,pricey:昂贵,昂貴,太贵,太貴 cheap,cheaper,cheapest,inexpensive:便宜,实惠,實惠
bargain,bargains,haggle:砍价,砍價,讲价,講價,便宜货,便宜貨 penalty,penalties,finepayment:罚款,罰款,罚金,罰金
inflation:通胀,通脹,通货膨胀,通貨膨脹 recession,economy,economic:经济,經濟,衰退 microloan:网贷,網貸 debtcollector:催收
bankruptcy,bankrupt:破产,破產 testament,lastwill:遗嘱,遺囑
donation,donations,donate,donated,charity:捐款,慈善,捐赠,捐贈 gift,gifts:礼物,禮物,礼品,禮品
redpacket,redenvelope,hongbao:红包,紅包 tip,tips,tipping,gratuity:小费,小費
splitbill,aa,godutch:分摊,分攤,平摊,平攤 subsidy,subsidies:补助,補助 loanrate:贷款利率,貸款利率
financialadvisor,wealthmanagement:理财顾问,理財顧問 notary,notarize,notarized,notarization:公证,公證
offer,offers,joboffer:录用通知,錄用通知,聘书,聘書
interview,interviews,interviewed,interviewing,interviewer:面试,面試,采访,採訪,面试官,面試官
recruit,recruiting,recruiter,recruiters,recruitment,hiring,hire,hired,hires:招聘,招人
headhunter,headhunters:猎头,獵頭 candidate,candidates,applicant,applicants:候选人,候選人,应聘者,應聘者
apply,applied,applying:投递,投遞 jobhunting,jobsearch:找工作,求职,求職 career,careers:职业,職業,事业,事業,职业生涯,職業生涯
position,positions:职位,職位,岗位,崗位 title,titles,jobtitle:职称,職稱,头衔,頭銜 hr,humanresources:人事,人力资源,人力資源
employee,employees,staff:员工,員工,职员,職員 employer,employers:雇主,僱主,用人单位,用人單位
manager,managers,boss,bosses:经理,經理,老板,老闆,上司 supervisor,supervisors:主管,上级,上級
director,directors:总监,總監,主任,导演,導演 vp,vicepresident:副总裁,副總裁 ceo,ceos,president:总裁,總裁,总经理,總經理
founder,founders,cofounder,cofounders:创始人,創始人,联合创始,聯合創始 cto:技术总监,技術總監 team,teams:团队,團隊,小组,小組
teamlead,techlead,tl:组长,組長 intern,interns,internship,internships:实习,實習,实习生,實習生 fulltime:全职,全職
parttime:兼职,兼職 freelance,freelancer,freelancing,gig:自由职业,自由職業,接私活
outsourcing,outsource,outsourced:外包 probation,probationary:试用期,試用期
offboarding,resign,resigned,resignation,quit,quits,quitting:离职,離職,辞职,辭職
layoff,layoffs,laidoff,redundancy,fired:裁员,裁員,被裁,开除,開除 severance:赔偿,賠償,遣散费,遣散費,补偿金,補償金
noncompete:竞业,競業,竞业协议,競業協議 laborcontract,employmentcontract:劳动合同,勞動合同 labor,labour:劳动,勞動,劳工,勞工
overtime,ot:加班 workhours,workinghours:工作时间,工作時間,工时,工時 shift,shifts:轮班,輪班,班次
leaverequest,onleave,timeoff:请假,請假,休假 annualleave,pto,daysoff,dayoff:年假
maternityleave,paternityleave:产假,產假,陪产假,陪產假 remote,remotework,wfh,workfromhome:远程办公,遠程辦公,居家办公,居家辦公
hybridwork:混合办公,混合辦公 office,offices:办公室,辦公室,公司 cubicle,workstation:工位 meeting,meetings:开会,開會,见面,見面
allhands,townhall:全员大会,全員大會,全员会,全員會 oneonone,1on1,1v1:一对一,一對一,单独沟通,單獨溝通
weekly,weeklyreport:周报,週報,每周,每週 monthly:每月,月度 quarterly,quarter,quarters:季度
annual,annually,yearly:年度,每年 okr,okrs,objective,objectives:绩效目标,績效目標 goal,goals:目标,目標,进球,進球
performancereview,perfreview,appraisal,appraisals:绩效考核,績效考核,績效考覈,绩效评估,績效評估,考评,考評
level,levels,leveling,jobgrade,band,bands:职级,職級,级别,級別,等级,等級 compensation,comp:薪酬,待遇
benefits,benefit,perks:福利,好处,好處 stockoptions,rsu,rsus,vesting,vest:股票激励,股票激勵,归属,歸屬,背心
negotiate,negotiates,negotiated,negotiating,negotiation,salarynegotiation:谈判,談判,协商,協商,谈薪,談薪
counteroffer:还价,還價,反报价,反報價 referral,referrals,referred:内推,內推,转诊,轉診 teambuilding,offsite:团建,團建
teamdinner:聚餐 annualparty,yearendparty:年会,年會 mentor,mentors,mentoring,mentee:导师,導師,带教,帶教
praise,praised,compliment,compliments:表扬,表揚,称赞,稱讚
complaint,complaints,complain,complained,complaining:投诉,投訴,抱怨 politics,officepolitics:政治
reorg,reorganization,restructuring:组织调整,組織調整,架构调整,架構調整 department,departments,dept:部门,部門
headcount,hc:编制,編制,名额,名額 budgetcut,costcutting:降本,削减,削減
reportingline,directreport,directreports,subordinate,subordinates:汇报关系,彙報關係,下属,下屬
businesstrip,businesstravel:出差 visa,visas:签证,簽證 workvisa,workpermit,h1b:工作签证,工作簽證,工签,工籤
greencard,permanentresidence:绿卡,綠卡,永居 residencepermit:居留许可,居留許可
citizenship,citizen,citizens,naturalization:国籍,國籍,公民,入籍
immigration,immigrate,immigrant,immigrants,emigrate:移民 passport,passports:护照,護照
idcard,identitycard,idcards:身份证,身份證,证件,證件 driverslicense,drivinglicense,driverlicense:驾驶证,駕駛證
hukou,householdregister:户口,戶口 paperwork:手续,手續,材料 proof,proofs:证明,證明
stamp,stamps,stamped,seal:盖章,蓋章,公章,邮票,郵票 embassy,consulate:大使馆,大使館,领事馆,領事館
biometrics,fingerprint,fingerprints:指纹,指紋,生物识别,生物識別 bureaucracy:官僚,繁文缛节,繁文縟節 government,gov:政府
police,policestation,cop,cops:警察,派出所,公安 lawyer,lawyers,attorney,attorneys,legal:律师,律師,法务,法務
lawsuit,lawsuits,sue,sued,court:起诉,起訴,诉讼,訴訟,法院,球场,球場 arbitration:仲裁
attraction,attractions,landmark,landmarks:景点,景點,景区,景區 museum,museums:博物馆,博物館 park,parks:公园,公園
beach,beaches:海滩,海灘,沙滩,沙灘 mountain,mountains:山区,山區,高山 island,islands:海岛,海島,岛屿,島嶼 lakeside:湖边,湖邊
river,rivers:河流,江河 sea,ocean,oceans:大海,海洋 flight,flights:航班,机票,機票
fly,flies,flew,flying:坐飞机,坐飛機,飞行,飛行 plane,planes,airplane,airplanes,aircraft:飞机,飛機
airport,airports:机场,機場 airline,airlines,carrier:航空公司 boarding,boardingpass:登机,登機,登机牌,登機牌
gate,gates:登机口,登機口,大门,大門 checkin,checkedin:值机,值機,办理入住,辦理入住,签到,簽到
baggage,luggage,suitcase,suitcases:行李,行李箱 carryon:随身行李,隨身行李
checkedbaggage,checkedluggage:托运,託運,托运行李,托運行李 layover,transit,stopover,connectingflight:中转,中轉,转机,轉機
flightdelay:航班延误,航班延誤 cancelledflight:航班取消 jetlag,timedifference:时差,時差 customs:海关,海關
bordercontrol,border:边检,邊檢,边境,邊境,出入境 dutyfree:免税,免稅,免税店,免稅店 souvenir,souvenirs:纪念品,紀念品,特产,特產
trainstation,railwaystation,station,stations:火车站,火車站,车站,車站
highspeedrail,hsr,bullettrain:高铁,高鐵,动车,動車 subway,metro,underground,tube:地铁,地鐵
bus,buses:公交,巴士,公交车,公交車 busstop:公交站 coach,coaches:大巴
taxi,taxis,cab,cabs,uber,didi,rideshare,ridehailing,lyft:出租车,出租車,打车,打車,网约车,網約車 car,cars:汽车,汽車,车子,車子
drive,drives,drove,driven,driving,driver,drivers:开车,開車,驾驶,駕駛,司机,司機,驱动,驅動
carrental,rentalcar,rentacar:租车,租車 parking,parked,parkinglot,carpark:停车,停車,停车场,停車場 traffic:交通
trafficjam,gridlock:塞车,塞車 highway,highways,freeway,motorway,expressway:高速,高速公路
toll,tolls:过路费,過路費,收费站,收費站 petrol,gasoline,fuel,refuel:加油 gasstation,petrolstation:加油站
ev,electriccar,tesla:新能源车,新能源車,电动汽车,電動汽車 chargingstation:充电桩,充電樁
bicycle,bicycles,bike,bikes,cycling:自行车,自行車,骑车,騎車,单车,單車 sharedbike,bikeshare:共享单车,共享單車
scooter,scooters,ebike,moped:电动车,電動車,电瓶车,電瓶車,滑板车,滑板車 motorcycle,motorcycles,motorbike:摩托车,摩托車
walk,walks,walked,walking:走路,散步,步行 ferry,ferries,boat,boats:轮渡,輪渡,渡轮,渡輪,船只,船隻
cruise,cruises:邮轮,郵輪,游轮,遊輪 eticket:电子票,電子票
bookings,reserve,reserved,reservation,reservations,tablebooking:预订,預訂,订票,訂票,订座,訂座,书籍,書籍,书本,書本
hotelroom,roomservice:客房,客房服务,客房服務 hostel,hostels:青旅,青年旅舍 resort,resorts:度假村
direction,directions:路线,路線 distance,distances:距离,距離 nearby:附近 abroad,overseas:出国,出國,国外,國外,海外
domestic:国内,國內 international:国际,國際 visaonarrival:落地签,落地籤 currencyexchange:换汇,換匯,换钱,換錢
simcard,sim,esim:电话卡,電話卡 roaming:漫游,漫遊 adapter,plugadapter:转换插头,轉換插頭,转换器,轉換器
backpacking,backpacker:背包客,穷游,窮遊 camping,camp,tent,tents:露营,露營,帐篷,帳篷 roadtrip:自驾游,自駕遊
selfdriving,autonomous,autopilot:自动驾驶,自動駕駛,无人驾驶,無人駕駛 accident,accidents,crashcar:车祸,車禍
speeding,speedingticket:超速 trafficticket,parkingticket:罚单,罰單 licenseplate,numberplate:车牌,車牌
carwash:洗车,洗車 mechanic,carrepair:修车,修車,汽修 tyre,tire,tires,tyres:轮胎,輪胎 puncture:爆胎 seatbelt:安全带,安全帶
carseat:安全座椅 lostandfound,lostitem,lost:失物招领,失物招領,迷路 food,foods:食物,美食 meal,meals:餐食,一顿饭,一頓飯
breakfast,breakfasts:早餐,早饭,早飯 lunch,lunches:午餐,午饭,午飯 dinner,dinners,supper:晚餐,晚饭,晚飯
snack,snacks,snacking:零食,小吃,小喫 dessert,desserts:甜点,甜點,甜品 brunch:早午餐
takeout,takeaway,fooddelivery,meituan,ubereats:外卖,外賣
restaurant,restaurants,diner,eatery:餐厅,餐廳,饭店,飯店,餐馆,餐館 cafe,cafes,coffeeshop:咖啡馆,咖啡館,咖啡店
canteen,cafeteria,messhall:食堂 dish:菜品,菜肴,菜餚
cook,cooks,cooked,cooking,chef,chefs:做饭,做飯,烹饪,烹飪,厨师,廚師,厨子,廚子,大厨,大廚 recipe,recipes:菜谱,菜譜,食谱,食譜
ingredient,ingredients:食材,原料 bake,bakes,baked,baking,baker,bakery:烘焙,面包店,麵包店,麪包店
fry,fried,frying,stirfry:炒菜,油炸,煎炸 boil,boiled,boiling:煮沸,水煮 steam,steamed,steaming:蒸煮,清蒸
grill,grilled,grilling,barbecue,bbq,roast,roasted:烧烤,燒烤,烤肉 hotpot:火锅,火鍋 rice:米饭,米飯,大米
noodle,noodles,ramen,lamian:面条,麵條,麪條,拉面,拉麵,拉麪 dumpling,dumplings:饺子,餃子 bun,buns,baozi:包子
bread:面包,麵包,麪包 pasta,spaghetti:意面,意麵,意麪 pizza,pizzas:披萨,披薩 burger,burgers,hamburger:汉堡,漢堡
sandwich,sandwiches:三明治 salad,salads:沙拉 soup,soups:汤类,湯類,汤品,湯品 porridge,congee:稀饭,稀飯,白粥,米粥
oatmeal,oats:燕麦,燕麥,麦片,麥片 egg,eggs:鸡蛋,雞蛋,蛋类,蛋類 meat,meats:肉类,肉類 beef:牛肉 pork:猪肉,豬肉 chicken:鸡肉,雞肉
duck,roastduck,pekingduck:鸭肉,鴨肉,烤鸭,烤鴨 lamb,mutton:羊肉 fish:鱼肉,魚肉,鱼类,魚類 seafood:海鲜,海鮮
shrimp,prawn,prawns:虾仁,蝦仁,大虾,大蝦 crab,crabs:螃蟹 lobster:龙虾,龍蝦 tofu,beancurd:豆腐
vegetable,vegetables,veggies,veg:蔬菜 fruit,fruits:水果 apple,apples:苹果,蘋果 banana,bananas:香蕉
orange,oranges:橙子,橘子,橙色 grape,grapes:葡萄 strawberry,strawberries:草莓 watermelon,watermelons:西瓜
mango,mangoes:芒果 pear,pears:梨子 peach,peaches:桃子 lemon,lemons:柠檬,檸檬 cherry,cherries:樱桃,櫻桃
blueberry,blueberries:蓝莓,藍莓 pineapple:菠萝,菠蘿 kiwi:猕猴桃,獼猴桃 tomato,tomatoes:番茄,西红柿,西紅柿
potato,potatoes:土豆,马铃薯,馬鈴薯 carrot,carrots:胡萝卜,胡蘿蔔 onion,onions:洋葱,洋蔥 garlic:大蒜 ginger:生姜,生薑
chili,chilli,chilies,pepper,peppers:辣椒,胡椒 cucumber,cucumbers:黄瓜,黃瓜 cabbage:白菜,卷心菜,捲心菜 lettuce:生菜
spinach:菠菜 broccoli:西兰花,西蘭花 mushroom,mushrooms:蘑菇 corn:玉米 bean,beans:豆子 eggplant,aubergine:茄子
pumpkin:南瓜 milk:牛奶 yogurt,yoghurt:酸奶 cheese:奶酪,芝士 butter:黄油,黃油 cream:奶油 icecream:冰淇淋
chocolate,chocolates:巧克力 cake,cakes:蛋糕 candy,candies,sweets:糖果
coffee,latte,espresso,americano:咖啡,拿铁,拿鐵 tea,teas:茶叶,茶葉,喝茶 milktea,bubbletea,boba:奶茶
juice,juices:果汁 soda,coke,softdrink:汽水,可乐,可樂 beer,beers:啤酒 wine,wines:葡萄酒,红酒,紅酒
baijiu,liquor,spirits:白酒,烈酒 cocktail,cocktails:鸡尾酒,雞尾酒
drink,drinks,drank,beverage,beverages:饮料,飲料,喝酒 bottledwater,mineralwater:矿泉水,礦泉水 oil,cookingoil:食用油
soysauce:酱油,醬油 spice,spices,spicy:辣的,香料 sweet:甜的,甜味 sour:酸的 bitter:苦的
delicious,tasty,yummy:好吃,好喫,美味 taste,tastes,tasted,flavor,flavour,flavors:味道,口味
hungry,hunger:饿了,餓了,饥饿,飢餓 stuffed:吃饱,吃飽,喫飽,撑了,撐了 thirsty:口渴 vegetarian,vegan:素食,吃素,喫素 halal:清真
glutenfree,gluten:无麸质,無麩質 lactose,lactoseintolerant:乳糖不耐 foodpoisoning:食物中毒 organic:有机,有機
grocery,groceries,supermarket,supermarkets:超市,买菜,買菜,杂货,雜貨 wetmarket,farmersmarket:菜市场,菜市場
fresh,freshness:新鲜,新鮮 shelflife,bestbefore:保质期,保質期 leftover,leftovers:剩菜,剩饭,剩飯 knife,knives:刀具,菜刀
spoon,spoons:勺子 chopsticks:筷子 bowl,bowls:碗筷 plate,plates:盘子,盤子 pot,pots,pan,pans,wok:锅具,鍋具,炒锅,炒鍋
cuttingboard:砧板,菜板 napkin,napkins,tissue,tissues:纸巾,紙巾,餐巾 waiter,waitress:服务员,服務員 buffet:自助餐
banquet,feast:宴席,酒席 picnic,picnics:野餐 nutrition,nutritious,nutrient,nutrients:营养,營養
sport,sports,exercise,exercises,exercised,exercising,workout,workouts,fitness:运动,運動,体育,體育,锻炼,鍛鍊,健身
sport,sports,exercise,exercises,exercised,exercising,workout,workouts,fitness:身材 gym,gyms:健身房
personaltrainer,trainer,trainers:私教 running,runner,runners,jog,jogging,jogged:跑步,慢跑
marathon,marathons,halfmarathon:马拉松,馬拉松,半马,半馬 treadmill:跑步机,跑步機 swim,swims,swam,swimming,swimmer:游泳
swimmingpool:游泳池,泳池 yoga:瑜伽 pilates:普拉提 stretch,stretching,stretches,stretched:拉伸
weightlifting,lifting,deadlift,squat,squats,benchpress:举重,舉重,深蹲,硬拉,卧推,臥推
dumbbell,dumbbells,barbell:哑铃,啞鈴,杠铃,槓鈴 pushup,pushups:俯卧撑,俯臥撐 situp,situps,crunches:仰卧起坐,仰臥起坐
plank,planks:平板支撑,平板支撐 pullup,pullups:引体向上,引體向上 cardio,aerobic:有氧,有氧运动,有氧運動 hiit:间歇训练,間歇訓練
stepcount,pedometer:步数,步數,计步,計步 hike,hikes,hiked,hiking,hiker:徒步,爬山
climbing,climb,climbed,bouldering:攀岩,攀巖,登山 ski,skiing,skis,snowboard,snowboarding:滑雪,单板,單板
skate,skating,iceskating:滑冰,溜冰 skateboard,skateboarding:滑板 surf,surfing:冲浪,衝浪
diving,scuba,snorkeling:潜水,潛水,浮潜,浮潛 football,soccer:足球 basketball:篮球,籃球 volleyball:排球 tennis:网球,網球
badminton:羽毛球 pingpong,tabletennis:乒乓球 baseball:棒球 golf:高尔夫,高爾夫 boxing,boxer:拳击,拳擊
martialarts,kungfu,taichi,karate,taekwondo:武术,武術,功夫,太极,太極,跆拳道 cyclist,spinning:骑行,騎行,动感单车,動感單車
rowing:划船 match,matches:匹配,火柴 game,games,gaming:游戏,遊戲
tournament,tournaments,championship,league:锦标赛,錦標賽,联赛,聯賽 olympics,olympic:奥运会,奧運會,奥运,奧運
worldcup:世界杯,世界盃 club,clubs:俱乐部,俱樂部,社团,社團 referee,referees:裁判
win,wins,won,winning,winner,winners:赢了,贏了,获胜,獲勝 lose,loses,losing,loser:输了,輸了 tie,ties:平局,领带,領帶
medal,medals:奖牌,獎牌 champion,champions:冠军,冠軍 athlete,athletes:运动员,運動員 supporter,supporters:球迷,支持者
stadium,stadiums,arena:体育场,體育場,体育馆,體育館 sportsinjury:运动损伤,運動損傷 cooldown:冷却,冷卻 bodybuilding:健美
bulk,bulking,cutting:增肌,减脂,減脂 abs,sixpack:腹肌 bodyfat:体脂,體脂,体脂率,體脂率
smartwatch,fitbit,applewatch,wearable,wearables:智能手表,智能手錶,手环,手環,穿戴设备,穿戴設備 heartrate:心率
sleeptracking:睡眠监测,睡眠監測 meditation,meditate,mindfulness:冥想,正念 dance,dancing,dancer:跳舞,舞蹈
pet,pets:宠物,寵物 dog,dogs,puppy,puppies,doggy:狗狗,小狗,狗子 cat,cats,kitten,kittens,kitty:猫咪,貓咪,小猫,小貓
hamster,hamsters:仓鼠,倉鼠 rabbit,rabbits,bunny:兔子 parrot,parrots:鹦鹉,鸚鵡 bird,birds:小鸟,小鳥,鸟类,鳥類
goldfish,aquarium:金鱼,金魚,鱼缸,魚缸 turtle,turtles,tortoise:乌龟,烏龜
vet,vets,veterinarian,veterinary:兽医,獸醫,宠物医院,寵物醫院
neuter,neutered,spay,spayed,sterilize,sterilized:绝育,絕育 deworm,deworming,flea,fleas:驱虫,驅蟲,跳蚤
petfood,dogfood,catfood,kibble:狗粮,狗糧,猫粮,貓糧 pettreats:宠物零食,寵物零食 litter,litterbox:猫砂,貓砂,猫砂盆,貓砂盆
leash,leashes:牵引绳,牽引繩,狗绳,狗繩 collar,collars:项圈,項圈,领子,領子 walkdog,dogwalking,dogwalker:遛狗
grooming,groom,groomer:美容,洗护,洗護 petsitter,petboarding:寄养,寄養 shedding,shed:掉毛 bark,barks,barking:狗叫
bite,bites,bitten:咬人,叮咬 scratch,scratches,scratched,scratching:抓伤,抓傷,挠痒,撓癢 rabies:狂犬病
animal,animals:动物,動物 horse,horses:马匹,馬匹 cow,cows:奶牛,牛只,牛隻 pig,pigs:猪只,豬隻,小猪,小豬 sheep:绵羊,綿羊
hen,hens,rooster:母鸡,母雞,公鸡,公雞 snake,snakes:蛇类,蛇類 monkey,monkeys:猴子 panda,pandas:熊猫,熊貓
tiger,tigers:老虎 lion,lions:狮子,獅子 elephant,elephants:大象 bear,bears:熊类,熊類,狗熊 wolf,wolves:狼群,狼羣
fox,foxes:狐狸 deer:鹿群,鹿羣 squirrel,squirrels:松鼠 butterfly,butterflies:蝴蝶 bee,bees:蜜蜂
spider,spiders:蜘蛛 insect,insects:昆虫,昆蟲,虫子,蟲子 zoo,zoos:动物园,動物園 shopping,shop,shops,shopped:购物,購物,逛街
store,stores:商店,门店,門店 mall,malls,shoppingmall:商场,商場,购物中心,購物中心
onlineshopping,taobao,amazon,tmall:网购,網購,淘宝,淘寶 convenience,conveniencestore:便利店,方便
outlet,outlets:奥莱,奧萊 size,sizes:尺码,尺碼,大小,尺寸 clothes,clothing,outfit,outfits:衣服,服装,服裝,穿搭
shirt,shirts,tshirt,tshirts,tee:衬衫,襯衫,短袖 pants,trousers,jeans:裤子,褲子,牛仔裤,牛仔褲 shorts:短裤,短褲
skirt,skirts:裙子 dress,dresses:连衣裙,連衣裙 jacket,jackets,coat,coats:外套,夹克,夾克,大衣
downjacket,puffer:羽绒服,羽絨服 sweater,sweaters,hoodie,hoodies,jumper:毛衣,卫衣,衛衣 suit,suits:西装,西裝,套装,套裝
underwear,bra,bras:内衣,內衣,内裤,內褲,文胸 socks,sock:袜子,襪子 shoe,shoes,sneaker,sneakers:鞋子,运动鞋,運動鞋
slippers,sandals,flipflops:拖鞋,凉鞋,涼鞋 hat,hats,cap,caps:帽子 scarf,scarves:围巾,圍巾 gloves,glove:手套
umbrella,umbrellas:雨伞,雨傘 bag,bags,handbag,handbags,purse,purses:包包,手提包
jewelry,jewellery,necklace,ring,rings,earrings,bracelet:首饰,首飾,项链,項鍊,戒指,耳环,耳環,手镯,手鐲
watch,watches:手表,手錶 makeup,cosmetics,lipstick:化妆,化妝,化妆品,化妝品,口红,口紅
skincare,moisturizer,sunscreen,lotion:护肤,護膚,护肤品,護膚品,防晒霜,防曬霜,面霜 shampoo,conditioner:洗发水,洗髮水,护发素,護髮素
soap,bodywash:肥皂,沐浴露 perfume,perfumes:香水 razor,shaver,shave,shaving:剃须刀,剃鬚刀,刮胡子,刮鬍子
towel,towels:毛巾,浴巾 detergent,washingpowder:洗衣液,洗衣粉 toiletpaper:卫生纸,衛生紙
sanitarypad,pads,tampon:卫生巾,衛生巾 electronics,gadget,gadgets:电子产品,電子產品,数码,數碼
computer,computers,pc,pcs,desktop:电脑,電腦,台式机,臺式機 display,displays:显示,顯示
headphones,earphones,earbuds,airpods,headset:耳机,耳機 speaker,speakers:音箱,演讲者,演講者 powerbank:充电宝,充電寶
cable,cables,usb,typec:数据线,數據線,线缆,線纜
printer,printers,print,printed,printing,printf,println:打印,打印机,打印機
secondhand,preowned,thrift:二手,闲置,閒置 xianyu:闲鱼,閒魚 auction,auctions:拍卖,拍賣 deal,deals:成交
blackfriday,singlesday,double11:双十一,雙十一,黑五 clearance:清仓,清倉,甩卖,甩賣
pricecompare,comparison:比价,比價,比较,比較 productreview:测评,測評,评价,評價 unboxing:开箱,開箱
giftcard,giftcards:礼品卡,禮品卡,购物卡,購物卡 cashondelivery,cod:货到付款,貨到付款 returnpolicy:退换货,退換貨
happy,happiness,glad,joy,joyful:开心,開心,快乐,快樂,高兴,高興,幸福 sad,sadness,unhappy,upset:难过,難過,伤心,傷心,不开心,不開心
angry,anger,mad,furious:生气,生氣,愤怒,憤怒,发火,發火 annoyed,annoying,irritated,irritating:烦人,煩人,恼火,惱火,烦躁,煩躁
frustrated,frustrating,frustration:沮丧,沮喪,挫败,挫敗,郁闷,鬱悶 disappointed,disappointing,disappointment:失望
worried,worry,worries,worrying:担心,擔心,担忧,擔憂,发愁,發愁
scared,afraid,fear,fears,frightened,terrified:害怕,恐惧,恐懼
panic,panicked,panicking,panicattack:恐慌,惊恐,驚恐 lonely,loneliness,alone:孤独,孤獨,寂寞,一个人,一個人
bored,boring,boredom:无聊,無聊 excited,exciting,excitement:兴奋,興奮,激动,激動
surprised,surprise,surprising,surprises:惊讶,驚訝,惊喜,驚喜,意外 proud,pride:骄傲,驕傲,自豪
ashamed,shame,embarrassed,embarrassing,embarrassment:尴尬,尷尬,丢人,丟人,羞愧 guilty,guilt:内疚,內疚,愧疚
jealous,jealousy,envy,envious:嫉妒,羡慕,羨慕 grateful,gratitude,thankful:感谢,感謝,感激,谢谢,謝謝
relieved,relief:松了口气,鬆了口氣,宽慰,寬慰 calm,calmdown:冷静,冷靜,平静,平靜
relaxed,relax,relaxing,relaxation,chill:放松,放鬆,轻松,輕鬆 confident,confidence:自信,信心
insecure,insecurity:不安 hopeful:希望,盼望 hopeless,despair:绝望,絕望 overwhelmed,overwhelming:不知所措
confused,confusing,confusion:困惑,迷茫,搞不懂 curious,curiosity:好奇
motivated,motivation,motivate:动力,動力,积极性,積極性 procrastinate,procrastination,procrastinating:拖延,拖延症
homesick,homesickness:想家,思乡,思鄉 miss,missed:想念,错过,錯過 regret,regrets,regretted:后悔,後悔,遗憾,遺憾
cry,cries,cried,crying,tears:哭泣,流泪,流淚,哭了 laugh,laughs,laughed,laughing:大笑,笑了
smile,smiles,smiled,smiling:微笑 hug,hugs,hugged:拥抱,擁抱 kiss,kisses,kissed:亲吻,親吻
argue,argued,arguing,quarrel,quarrels,fight,fights,fought:吵架,争吵,爭吵,打架
apologize,apologise,apologized,apology,apologies:道歉,对不起,對不起,抱歉
forgive,forgave,forgiven,forgiveness:原谅,原諒 trust,trusted,trusting:信任
betray,betrayed,betrayal,cheat,cheated,cheating,affair:背叛,出轨,出軌 respect,respected:尊重
comfort,comforted,comforting:安慰 empathy,sympathy:同理心,同情 mood,moods,moody:心情
emotion,emotions,emotional,feelings,feeling:情绪,情緒,感情,感受 awkward:别扭,彆扭 shy,shyness:害羞 kindness:善良,友善
rude,rudeness:粗鲁,粗魯,没礼貌,沒禮貌 patience,impatient:耐心,不耐烦,不耐煩 honest,honesty:诚实,誠實,老实,老實 selfish:自私
generous:大方,慷慨 introvert,introverted,extrovert,extroverted:内向,內向,外向
personality,character,characters:性格,个性,個性,人物,字符 weather,forecast,forecasts:天气,天氣,预报,預報,天气预报,天氣預報
sunny,sunshine,sun:晴天,阳光,陽光,太阳,太陽 cloudy,clouds:多云,多雲,阴天,陰天,云朵,雲朵
rain,rains,rained,raining,rainy:下雨,雨天,降雨 rainstorm,downpour,heavyrain:暴雨
thunderstorm,thunder,lightning:雷雨,打雷,闪电,閃電 snow,snows,snowed,snowing,snowy:下雪,雪天
storm,storms,stormy:暴风雨,暴風雨,风暴,風暴 typhoon,typhoons,hurricane,hurricanes,cyclone:台风,颱風,飓风,颶風
tornado:龙卷风,龍捲風 wind,windy,winds:刮风,颳風,大风,大風 fog,foggy,mist:大雾,大霧,雾天,霧天
haze,smog,pollution,airquality,pm25,aqi:雾霾,霧霾,污染,汙染,空气质量,空氣質量 humid,humidity:潮湿,潮溼,湿度,溼度,闷热,悶熱
dry,dryness:干燥,乾燥 hot,heat,heatwave:炎热,炎熱,高温,高溫,很热,很熱 warm,warmer:温暖,溫暖,暖和
cooler,chilly:凉快,涼快,凉爽,涼爽 freezing,frost,icy,ice:结冰,結冰,冰冻,冰凍,霜冻,霜凍
celsius,fahrenheit:摄氏度,攝氏度,华氏度,華氏度 season,seasons,seasonal:季节,季節 springtime:春天,春季,弹簧,彈簧
summer,summers:夏天,夏季 autumn,fallseason:秋天,秋季 winter,winters:冬天,冬季
climate,climatechange,globalwarming:气候,氣候,气候变化,氣候變化,全球变暖,全球變暖 drought:干旱,乾旱 rainbow:彩虹
sunrise,sunset:日出,日落 moon:月亮,月球 sky:天空 nature,natural:大自然,自然 forest,forests,woods:森林,树林,樹林
flower,flowers:花朵,鲜花,鮮花 plant,plants,planted:植物,绿植,綠植,种植,種植 grass,lawn:草地,草坪
holiday,holidays,vacation,vacations,summerbreak,winterbreak,festival,festivals:节日,節日,假日,假期,暑假,寒假,节庆
holiday,holidays,vacation,vacations,summerbreak,winterbreak,festival,festivals:節慶
newyear,newyears:新年,元旦 springfestival,chinesenewyear,lunarnewyear:春节,春節,过年,過年,农历新年,農曆新年
newyeareve:除夕,年夜饭,年夜飯 lanternfestival:元宵节,元宵節 qingming,tombsweeping:清明节,清明節,清明
dragonboat,duanwu:端午节,端午節,端午 midautumn,mooncake,mooncakes:中秋节,中秋節,中秋,月饼,月餅
nationalday,goldenweek:国庆节,國慶節,国庆,國慶,黄金周,黃金週 laborday:劳动节,勞動節,五一 christmas,xmas:圣诞节,聖誕節,圣诞,聖誕
thanksgiving:感恩节,感恩節 easter:复活节,復活節 halloween:万圣节,萬聖節 valentine,valentines:情人节,情人節
mothersday:母亲节,母親節 fathersday:父亲节,父親節 childrensday:儿童节,兒童節
publicholiday,bankholiday,statutoryholiday:法定假日,法定节假,法定節假 longweekend:小长假,小長假,长周末,長週末
weekend,weekends:周末,週末 weekday,weekdays,workday,workdays:工作日 makeupday,adjustedworkday:调休,調休,补班,補班
calendar,calendars:日历,日曆 monday,mondays:周一,週一,星期一 tuesday,tuesdays:周二,週二,星期二
wednesday,wednesdays:周三,週三,星期三 thursday,thursdays:周四,週四,星期四 friday,fridays:周五,週五,星期五
saturday,saturdays:周六,週六,星期六 sunday,sundays:周日,週日,星期天,星期日 january,jan:一月 february,feb:二月 mar:三月
april,apr:四月 june,jun:六月 july,jul:七月 august,aug:八月 september,sept,sep:九月 october,oct:十月
november,nov:十一月 december,dec:十二月 morning,mornings:早上,上午,早晨 afternoon,afternoons:下午
evening,evenings:晚上,傍晚 night,nights,tonight:夜里,夜裡,夜裏,今晚 midnight:半夜,午夜 noon,midday:中午
china,chinese,prc,mainland:中国,中國,中文,大陆,大陸 mandarin,putonghua:普通话,普通話,汉语,漢語 cantonese:粤语,粵語,广东话,廣東話
english:英语,英語,英文 beijing,peking:北京 shanghai:上海 shenzhen:深圳 guangzhou,canton:广州,廣州 hangzhou:杭州
chengdu:成都 chongqing:重庆,重慶 nanjing:南京 wuhan:武汉,武漢 xian:西安 suzhou:苏州,蘇州 tianjin:天津 xiamen:厦门,廈門
qingdao:青岛,青島 hongkong,hk:香港 macau,macao:澳门,澳門 taiwan,taipei:台湾,臺灣,台北,臺北
japan,japanese,tokyo,osaka:日本,日语,日語,东京,東京,大阪 korea,korean,seoul:韩国,韓國,韩语,韓語,首尔,首爾 singapore:新加坡
malaysia,kualalumpur:马来西亚,馬來西亞 thailand,thai,bangkok:泰国,泰國,曼谷 vietnam,vietnamese:越南
indonesia,bali:印尼,巴厘岛,巴厘島 philippines:菲律宾,菲律賓 india,indian:印度 usa,america,american,americans:美国,美國
newyork,nyc:纽约,紐約 sanfrancisco,sf,bayarea,siliconvalley:旧金山,舊金山,湾区,灣區,硅谷 seattle:西雅图,西雅圖
losangeles,la:洛杉矶,洛杉磯 canada,canadian,toronto,vancouver:加拿大,多伦多,多倫多,温哥华,溫哥華
uk,britain,england,london,unitedkingdom:英国,英國,伦敦,倫敦 germany,german,berlin,munich:德国,德國,德语,德語,柏林
france,french,paris:法国,法國,法语,法語,巴黎 italy,italian,rome:意大利 spain,spanish:西班牙,西班牙语,西班牙語
netherlands,dutch,amsterdam:荷兰,荷蘭 switzerland,swiss:瑞士
sweden,norway,denmark,finland,nordic:北欧,北歐,瑞典,挪威,丹麦,丹麥,芬兰,芬蘭 russia,russian:俄罗斯,俄羅斯,俄语,俄語
australia,australian,sydney,melbourne:澳洲,澳大利亚,澳大利亞,悉尼,墨尔本,墨爾本 newzealand,nz:新西兰,新西蘭
dubai,uae:迪拜,阿联酋,阿聯酋 europe,european,eu:欧洲,歐洲,欧盟,歐盟 asia,asian:亚洲,亞洲 africa,african:非洲
country,countries,nation,nations:国家,國家 province,provinces:省份 capital,capitals:首都,资本,資本
hometown:老家,家乡,家鄉 foreigner,foreigners,expat,expats:外国人,外國人,老外 locals:当地人,當地人,本地人
firefighter,firefighters:消防员,消防員 soldier,soldiers,army,military:军人,軍人,军队,軍隊,士兵
pilot,pilots:飞行员,飛行員,试点,試點 flightattendant,stewardess:空乘,空姐
farmer,farmers,farm,farming:农民,農民,农场,農場,种地,種地 worker,workers:工人
journalist,journalists,reporter,reporters:记者,記者 writer,writers,author,authors:作家,作者
artist,artists,painter:艺术家,藝術家,画家,畫家 photographer,photographers:摄影师,攝影師
musician,musicians,singer,singers:音乐人,音樂人,歌手 actor,actors,actress:演员,演員
salesperson,salesman:销售员,銷售員,业务员,業務員 consultant,consultants,consulting:顾问,顧問,咨询,諮詢
banker,bankers:银行家,銀行家 civilservant,publicservant:公务员,公務員 scientist,scientists:科学家,科學家
pharmacist,pharmacists:药剂师,藥劑師 secretary,secretaries:秘书,秘書,祕書 guard,guards:保安
deliveryman,rider:外卖员,外賣員,骑手,騎手 productmanager,pm,pms:产品经理,產品經理
projectmanager,projectmanagement:项目经理,項目經理,项目管理,項目管理 hobby,hobbies:爱好,愛好 reading:阅读,閱讀,看书,看書,读书,讀書
novel,novels,fiction:小说,小說 ebook,ebooks,kindle:电子书,電子書 movie,movies,film,films,cinema:电影,電影,影院
tvshow,tvseries,series,drama,dramas:电视剧,電視劇,剧集,劇集,追剧,追劇 documentary,documentaries:纪录片,紀錄片
anime,cartoon,cartoons,manga,comic,comics:动漫,動漫,漫画,漫畫 varietyshow:综艺,綜藝
netflix,youtube,bilibili,douyin,tiktok:视频平台,視頻平臺 shortvideo,shortvideos,reels:短视频,短視頻
livestream,livestreaming,streamer,streamers:直播,主播 podcast,podcasts:播客 song,songs:歌曲
concert,concerts:演唱会,演唱會,音乐会,音樂會 sing,sings,sang,singing,karaoke,ktv:唱歌,歌厅,歌廳 guitar:吉他 violin:小提琴
drum,drums:鼓手,架子鼓 photography,photo,photos,picture,pictures,pic,pics:照片,摄影,攝影,拍照 selfie,selfies:自拍
album,albums:相册,相冊,专辑,專輯 drawing,draw,drew,sketching:素描,绘画,繪畫 calligraphy:书法,書法
craft,crafts,diy,handmade:手工,手作 knitting,knit,sewing,sew:织毛衣,織毛衣,缝纫,縫紉
boardgame,boardgames,chess,mahjong,poker:棋牌,桌游,桌遊,象棋,麻将,麻將,扑克,撲克
videogame,videogames,playstation,xbox,nintendo:电子游戏,電子遊戲,游戏机,遊戲機 mobilegame,mobilegames:手游,手遊
esports:电竞,電競 puzzle,puzzles,jigsaw,sudoku:拼图,拼圖,谜题,謎題,数独,數獨 lego:积木,積木,乐高,樂高
collecting,collection,collections,collector:合集 volunteer,volunteers,volunteering:志愿者,志願者,义工,義工
party,parties:派对,派對,党派,黨派 bar,bars,pub,pubs:酒吧 nightlife,clubbing:夜生活,蹦迪
theater,theatre,musical:剧院,劇院,话剧,話劇,音乐剧,音樂劇
exhibition,exhibitions,gallery,galleries:展览,展覽,画展,畫展,美术馆,美術館
amusementpark,themepark,disneyland,disney:游乐园,遊樂園,迪士尼
vlog,vlogs,blog,blogs,blogger,bloggers:博客,视频日志,視頻日誌
influencer,influencers,kol,internetcelebrity:网红,網紅,博主,达人,達人 socialmedia:社交媒体,社交媒體,社交平台,社交平臺
weibo,twitter:微博,推特 xiaohongshu,rednote,instagram,ins:小红书,小紅書 facebook:脸书,臉書 wechatmoments:朋友圈
trending,trend,trends,viral:热搜,熱搜,爆款,趋势,趨勢,走红,走紅 meme,memes:梗图,梗圖
news,headline,headlines:新闻,新聞,资讯,資訊,头条,頭條 magazine,magazines:杂志,雜誌 newspaper,newspapers:报纸,報紙
celebrity,celebrities,idol,idols:偶像,名人 gossip:八卦 toolbox,hammer,screwdriver:工具箱,锤子,錘子,螺丝刀,螺絲刀
screw,screws:螺丝,螺絲,钉子,釘子 tape,ducttape:胶带,膠帶 glue:胶水,膠水 scissors:剪刀 lightbulb,bulb,bulbs:灯泡,燈泡
flashlight,torch:手电筒,手電筒 extensioncord,powerstrip:插线板,插線板,排插 plug,plugs:插头,插頭 remotecontrol:遥控器,遙控器
ladder:梯子 mop,mopping,broom,sweep,sweeping:拖把,扫帚,掃帚,扫地,掃地 trashcan,bin,bins,dustbin:垃圾桶
plasticbag,plasticbags:塑料袋 hanger,hangers:衣架 basket,baskets:篮子,籃子 candle,candles:蜡烛,蠟燭 vase:花瓶
clock,clocks,alarmclock:时钟,時鐘,闹钟,鬧鐘 keychain:钥匙扣,鑰匙扣 thermometer:体温计,體溫計,温度计,溫度計
bathroomscale:体重秤,體重秤 firstaid,firstaidkit,bandaid,bandage,bandages:急救包,创可贴,創可貼,绷带,繃帶
handsanitizer,sanitizer,disinfectant,alcoholwipes,wipes:消毒液,免洗洗手,湿巾,溼巾
waterbottle,thermos:水杯,保温杯,保溫杯 lunchbox:饭盒,飯盒 stationery,notepad,stapler:文具,便签,便籤,订书机,訂書機
envelope,envelopes:信封 glass:玻璃 wood,wooden:木头,木頭,木制,木製 metal,steel:金属,金屬,钢铁,鋼鐵 plastic:塑料
cotton:棉花,纯棉,純棉 wool:羊毛 leather:皮革,真皮 silk:丝绸,絲綢 red:红色,紅色 blue:蓝色,藍色 green:绿色,綠色 yellow:黄色,黃色
black:黑色 white:白色 purple:紫色 pink:粉色 brown:棕色,咖啡色 headcold,commoncold:着凉,著涼,着涼
chills,shiver,shivering:发冷,發冷,打寒战,打寒戰 sweat,sweating,sweaty,sweats:出汗,流汗 nosebleed:流鼻血
hiccup,hiccups,burp,burping,burped:打嗝 fart,bloating,bloated:胀气,脹氣,放屁
heartburn,acidreflux,reflux:反酸,胃酸,烧心,燒心 indigestion:消化不良 stomachache,bellyache:胃疼,肚子疼
toothache:牙疼,牙痛 backpain,backache:背疼,腰疼 neckpain,stiffneck:脖子疼,落枕 kneepain:膝盖疼,膝蓋疼
cramp,cramps:抽筋,痛经,痛經 numb,numbness,tingling:麻木,发麻,發麻 palpitation,palpitations:心慌,心悸
shortnessofbreath,breathless:气短,氣短,喘不上气,喘不上氣 faint,fainted,fainting,passout:晕倒,暈倒,昏倒
seizure,seizures,epilepsy:癫痫,癲癇,抽搐 concussion:脑震荡,腦震盪 sunburn,sunburned:晒伤,曬傷 heatstroke:中暑
frostbite:冻伤,凍傷 blister,blisters:水泡,起泡 wart,warts,mole,moles:黑痣,疣子,长痣,長痣 dandruff:头皮屑,頭皮屑
hairloss,balding,bald:脱发,脫髮,秃顶,禿頂 grayhair,whitehair:白头发,白頭髮 wrinkle,wrinkles:皱纹,皺紋 darkcircles:黑眼圈
eyestrain,dryeyes:眼疲劳,眼疲勞,干眼,乾眼 pinkeye,conjunctivitis:红眼病,紅眼病,结膜炎,結膜炎 earache,earinfection:耳朵疼,中耳炎
tinnitus:耳鸣,耳鳴 sinusitis,sinus,rhinitis:鼻炎,鼻窦炎,鼻竇炎 uti,urinaryinfection:尿路感染
kidneystone,kidneystones:肾结石,腎結石 gallstone,gallstones:胆结石,膽結石 hemorrhoids,piles:痔疮,痔瘡 hernia:疝气,疝氣
scoliosis:脊柱侧弯,脊柱側彎 herniateddisc,slippeddisc:腰突,椎间盘,椎間盤 osteoporosis:骨质疏松,骨質疏鬆
lowbloodsugar,hypoglycemia:低血糖 lowbloodpressure,hypotension:低血压,低血壓
thyroidissue,hyperthyroid,hypothyroid:甲亢,甲减,甲減 fattyliver:脂肪肝 hpv,cervical:宫颈,宮頸,宫颈癌,宮頸癌
mammogram:乳腺检查,乳腺檢查,钼靶,鉬靶 papsmear:宫颈筛查,宮頸篩查 vaccinationrecord,vaccinebook:疫苗本
insurancecard,medicalcard:医保卡,醫保卡,就诊卡,就診卡 registrationfee:挂号费,掛號費 queuenumber,queueticket:排号,排號
waitingroom:候诊室,候診室 followup,followups,revisit:复查,複查,复诊,複診,跟进,跟進 operatingroom:手术室,手術室
recoveryroom,postop,postoperative:术后,術後
labtest,labresults,testresult,testresults:化验,化驗,化验单,化驗單,检查结果,檢查結果
positive,negative:阳性,陽性,阴性,陰性,积极,積極,消极,消極 abnormal:不正常 highfever:高烧,高燒 lowgradefever:低烧,低燒
coughsyrup:止咳糖浆,止咳糖漿 throatlozenge,lozenges:润喉糖,潤喉糖 eyedrops:眼药水,眼藥水 ointment:药膏,藥膏
nasalspray:喷鼻剂,噴鼻劑 inhaler:吸入器 antihistamine:抗过敏药,抗過敏藥
sleepingpill,sleepingpills,melatonin:安眠药,安眠藥,褪黑素 probiotic,probiotics:益生菌 fishoil,omega3:鱼油,魚油
calcium:钙片,鈣片,补钙,補鈣 ironsupplement:补铁,補鐵 folicacid:叶酸,葉酸 braisedpork,hongshaorou:红烧肉,紅燒肉
kungpao,gongbao:宫保鸡丁,宮保雞丁 mapotofu:麻婆豆腐 friedrice:炒饭,炒飯,蛋炒饭,蛋炒飯 wonton,wontons:馄饨,餛飩,云吞,雲吞
springroll,springrolls:春卷,春捲 pancake,pancakes,crepe,jianbing:煎饼,煎餅,松饼,鬆餅
hotdog,sausage,sausages:香肠,香腸,热狗,熱狗 bacon,ham:培根,火腿 steak,steaks:牛排 sushi,sashimi:寿司,壽司,刺身 curry:咖喱
kebab,skewer,skewers,chuan:烤串,串串 bbqpork,charsiu:叉烧,叉燒 dimsum,yumcha:早茶,点心,點心 malatang:麻辣烫,麻辣燙
spicyhotpot,mala:麻辣,麻辣香锅,麻辣香鍋 stinkytofu:臭豆腐 tangyuan:汤圆,湯圓 zongzi:粽子,糉子
fries,frenchfries,chips,crisps:薯条,薯條,薯片 popcorn:爆米花
nuts,peanut,peanuts,walnut,almond,almonds:坚果,堅果,花生,核桃,杏仁 seed,seeds,sunflowerseeds:瓜子,种子,種子
honey:蜂蜜 jelly:果冻,果凍 ketchup:番茄酱,番茄醬 mayonnaise,mayo:蛋黄酱,蛋黃醬 sauce,sauces:酱汁,醬汁
seasoning,condiment,condiments:调料,調料,调味品,調味品 msg:味精,鸡精,雞精 sesame:芝麻 flour:面粉,麵粉,麪粉 dough:面团,麵糰,麪糰
yeast:酵母 cornstarch,starch:淀粉,澱粉 frozenfood:速冻,速凍,冷冻食品,冷凍食品
instantnoodles,cupnoodles:泡面,泡麵,泡麪,方便面,方便麵,方便麪 cannedfood,cannedgoods:罐头,罐頭
preparedmeal,mealprep,premade:预制菜,預製菜,备餐,備餐 bento:便当,便當,盒饭,盒飯 marinate,marinated:腌制,醃製,腌肉,醃肉
chop,chopped,dice,diced,slice,sliced,slices:切片,切丁,切菜 peel,peeled,peeling:削皮,去皮
mix,mixed,mixing,stir,stirring:搅拌,攪拌 thaw,defrost,defrosted:解冻,解凍
simmer,stew,stewed,braise,braised:炖煮,燉煮,红烧,紅燒,焖煮,燜煮
microwaved,reheat,reheated,reheating:加热,加熱,热一下,熱一下 airfryer:空气炸锅,空氣炸鍋
blender,juicer:榨汁机,榨汁機,破壁机,破壁機 foodprocessor:料理机,料理機 pressurecooker,instantpot:高压锅,高壓鍋
coffeemachine,espressomachine:咖啡机,咖啡機 teapot,teabag,teabags:茶壶,茶壺,茶包
greentea,blacktea,oolong,puer:绿茶,綠茶,红茶,紅茶,乌龙,烏龍,普洱 soymilk:豆浆,豆漿 coconut:椰子,椰汁
sparklingwater:气泡水,氣泡水 energydrink:功能饮料,功能飲料 sake,soju:清酒,烧酒,燒酒 whisky,whiskey,vodka,rum:威士忌,伏特加
winebar,brewery:酒馆,酒館 spicylevel,mild,extraspicy:微辣,中辣,特辣,轻微,輕微 raw,undercooked:生的,没熟,沒熟
welldone,overcooked:全熟,煮过头,煮過頭 scorched:烧焦,燒焦,糊了 crispy,crunchy:酥脆,脆脆 chewy,tender:有嚼劲,有嚼勁,软嫩,軟嫩
greasy,oily:油腻,油膩 bland:清淡,没味,沒味 appetite:胃口,食欲,食慾 overeat,overeating,binge:暴饮暴食,暴飲暴食,吃撑,吃撐,喫撐
fasting,intermittentfasting:断食,斷食,轻断食,輕斷食 ketodiet,keto,lowcarb:生酮,低碳水 mealreplacement:代餐
mobileplan,dataplan,phoneplan:话费套餐,話費套餐,流量套餐 phonebill:话费,話費
mobiledata,cellulardata,4g,5g:移动数据,移動數據 signal,nosignal:信号,信號,没信号,沒信號
chinamobile,unicom,telecom:移动,移動,联通,聯通,电信,電信 phonenumber,mobilenumber:手机号,手機號,电话号码,電話號碼
sms,text,texts,texted,texting:短信,发短信,發短信,文本 spamcall,robocall,harassment:骚扰电话,騷擾電話
callcenter,hotline:客服热线,客服熱線,热线,熱線 wechatpay:微信支付 applepay:苹果支付,蘋果支付 nfc:近场通信,近場通信,碰一碰
cityhall:政府部门,政府部門,市政府 publicservice,governmentservice:政务,政務,政务服务,政務服務 applicationform:申请表,申請表
approvalprocess:审批流程,審批流程 permit,permits:许可,許可 registrationnumber:登记号,登記號
householdregistration,residencecard:居住证,居住證 tempresidence,temporaryresidence:暂住证,暫住證,临时居住,臨時居住
socialsecuritycard:社保卡 birthcertificate:出生证明,出生證明 marriagecertificate:结婚证,結婚證
divorcecertificate:离婚证,離婚證 degreecertificate,diploma,diplomas:毕业证,畢業證,学位证,學位證
transcript,transcripts,reportcard:成绩单,成績單
criminalrecord,backgroundcheck,nocriminalrecord:背调,背調,无犯罪,無犯罪,背景调查,背景調查
medicalcertificate,healthcertificate:健康证明,健康證明,体检报告,體檢報告 certifiedtranslation:翻译件,翻譯件
apostille,legalization:双认证,雙認證 fingerprinting:录指纹,錄指紋 passportphoto,idphoto:证件照,證件照
visaapplication,visainterview:签证申请,簽證申請,面签,面籤 visafee:签证费,簽證費 visarefusal,visadenied:拒签,拒籤
tourvisa,touristvisa:旅游签,旅遊籤 studentvisa:学生签证,學生簽證
familyvisa,dependentvisa,spousevisa:家属签,家屬籤,陪读签,陪讀籤 overstay:逾期滞留,逾期滯留
deport,deported,deportation:遣返,驱逐,驅逐 refugee,asylum:难民,難民,庇护,庇護 vote,votes,voted,voting:投票
law,laws:法律 regulation,regulations,regulatory:法规,法規,监管,監管 rule,rules:规则,規則,规定,規定
crime,criminal,criminals:犯罪,罪犯 arrest,arrested:逮捕,被抓 jail,prison:监狱,監獄,坐牢
rob,robbed,robbery,burglary,burglar:抢劫,搶劫,入室盗窃,入室盜竊 policereport:报案,報案
witness,witnesses:证人,證人,目击者,目擊者 evidence:证据,證據 judge,judges:法官,评委,評委 verdict,ruling:判决,判決,裁决,裁決
mediation:调解,調解 damages:赔偿金,賠償金,损害赔偿,損害賠償 consumerrights,consumerprotection:维权,維權
tenantrights:租客权益,租客權益 laborarbitration:劳动仲裁,勞動仲裁 laborbureau:劳动局,勞動局
unpaidwages,wagearrears:拖欠工资,拖欠工資,欠薪 insurancefraud:骗保,騙保 environmental,eco,ecofriendly:环保,環保,生态,生態
sustainable,sustainability:可持续,可持續 carbon,emissions,carbonneutral:碳排放,碳中和
energy,solar,renewable:能源,太阳能,太陽能,新能源
religion,religious,buddhism,buddhist,christian,christianity:宗教,佛教,基督教 temple,temples:寺庙,寺廟
church,churches:教堂 pray,prayer,prayers:祈祷,祈禱 bride,bridegroom:新娘
bestman,bridesmaid,bridesmaids:伴郎,伴娘 dowry,brideprice:彩礼,彩禮,嫁妆,嫁妝 weddingphotos,prewedding:婚纱照,婚紗照
honeymoon:蜜月 babyshower,fullmonth:满月酒,滿月酒 zodiac,horoscope:星座,生肖 fengshui:风水,風水 workload:工作量
overwork,overworked:过劳,過勞,累死 exhausting:心累 jobsatisfaction:满意度,滿意度 morale:士气,士氣
teamwork,collaboration,collaborate,collaborated,collaborating:协作,協作,合作,团队合作,團隊合作
communication,communicate,communicated,communicating:沟通,溝通,交流
crossfunctional,crossteam:跨部门,跨部門,跨团队,跨團隊 decision,decisions,decide,decided,deciding:决定,決定,决策,決策
delegate,delegated,delegation:委派
accountability,accountable,responsible,responsibility,responsibilities:负责,負責,责任,責任
duty,duties:职责,職責 jobdescription,jd,jds:职位描述,職位描述,岗位职责,崗位職責
qualification,qualifications:任职要求,任職要求,资格,資格 experience,experiences,experienced:经验,經驗,经历,經歷,体验,體驗
skill,skills,skilled:技能,能力 softskills:软技能,軟技能 leadership:领导力,領導力
promotionpacket,promocase:晋升材料,晉升材料 selfreview,selfassessment,selfevaluation:自评,自評
peerreview,peerfeedback,360:同事评价,同事評價,互评,互評 calibration:绩效校准,績效校準,校准,校準
pip,performanceimprovement:绩效改进,績效改進 underperform,underperforming,lowperformer:绩效差,績效差,不达标,不達標
topperformer,highperformer:高绩效,高績效 promotioncycle:晋升周期,晉升週期 seniority:资深,資深,年资,年資
junior,entrylevel,newgrad,freshgrad:初级,初級,应届生,應屆生 campusrecruiting,campushire:校招
lateralhire,socialrecruitment:社招 signonbonus,signingbonus:签字费,簽字費 relocationpackage:搬迁补贴,搬遷補貼
housingallowance:住房补贴,住房補貼 mealallowance:餐补,餐補 transportallowance:交通补贴,交通補貼
annualsalary,totalcomp,tc:年薪,总包,總包 basesalary,basepay:底薪,基本工资,基本工資 pretax,beforetax,gross:税前,稅前
aftertax,netpay,takehome:税后,稅後,到手 paycut:降薪 payfreeze:冻薪,凍薪
employmentverification,employmentcertificate:在职证明,在職證明
separationcertificate,resignationletter:离职证明,離職證明,辞职信,辭職信 noticeperiod:通知期,交接期
lastday,lastworkingday:最后一天,最後一天,离职日,離職日 exitinterview:离职面谈,離職面談 alumni:校友,前同事
meetup,meetups:线下活动,線下活動 conference,conferences:大会,大會 workshop,workshops:工作坊
seminar,seminars:研讨会,研討會,讲座,講座 webinar,webinars:网络研讨,網絡研討,线上讲座,線上講座
certification,certifications,certified:资格证,資格證 trainingcourse,bootcamp:培训班,培訓班,训练营,訓練營
lunchandlearn,techtalk,techtalks:技术分享,技術分享,分享会,分享會
companypolicy,handbook,employeehandbook:员工手册,員工手冊 dresscode:着装要求,著裝要求,着裝要求
clockin,clockout,attendance,punchin:打卡,考勤 latecome,late:迟到,遲到,晚了 earlyleave,leaveearly:早退
absent,absence:缺勤,缺席 businesscard,businesscards:名片 expensereport,expensereports:报销单,報銷單
travelrequest,travelapproval:出差申请,出差申請 procurementrequest,purchaserequest:采购申请,採購申請
officesupplies:办公用品,辦公用品 meetingroom,conferenceroom:会议室,會議室 pantry,breakroom:茶水间,茶水間
freelunch:免费午餐,免費午餐 shuttlebus,shuttle:班车,班車,摆渡车,擺渡車 parkingspot:车位,車位 teething:长牙,長牙,出牙
colic:肠绞痛,腸絞痛 pottytraining,potty:如厕训练,如廁訓練,便盆 weaning,babyfood,solidfood:断奶,斷奶,辅食,輔食
growthspurt,height,tall:身高,长高,長高 vaccineschedule:疫苗接种,疫苗接種 babymonitor:婴儿监视,嬰兒監視
playground,playgrounds:游乐场,遊樂場,操场,操場 playdate:玩伴,约玩,約玩 bedtime,bedtimestory:睡前,睡前故事
naptime:午睡时间,午睡時間 nightmare,nightmares:噩梦,噩夢 schoolrun,pickup,dropoff:接孩子,送孩子,接送 schoolbus:校车,校車
schoollunch:学校午餐,學校午餐 parentingtips,parentingadvice:育儿经,育兒經 studyabroad:留学,留學
languageschool:语言学校,語言學校 ielts,toefl,gre,gmat:雅思,托福,託福 cram,cramschool:补习班,補習班,补课,補課 olympiad:奥数,奧數
honorroll,topstudent:学霸,學霸 carloan:车贷,車貸 usedcar,secondhandcar:二手车,二手車 newcar:新车,新車 testdrive:试驾,試駕
dealership,dealer,dealers:经销商,經銷商,车行,車行 carservice,oilchange:换机油,換機油 dashcam:行车记录,行車記錄
trafficlight,trafficlights,redlight:红绿灯,紅綠燈 crosswalk,zebra:斑马线,斑馬線,斑马,斑馬 sidewalk,pavement:人行道
intersection,crossroads:路口,十字路口 roundabout:环岛,環島 detour:绕路,繞路,绕行,繞行 uturn:掉头,掉頭 lane,lanes:车道,車道
drunkdriving,dui:酒驾,酒駕,醉驾,醉駕 drivingtest,drivingschool:驾考,駕考,驾校,駕校
fenderbender,scrape,scraped:剐蹭,剮蹭 tow,towing,towtruck:拖车,拖車 pickupservice:接机,接機,送机,送機
keymoney,agentfee,brokerfee:中介费,中介費 rentincrease,rentraise:涨租,漲租
breaklease,earlytermination:退租,违约,違約 sublet,sublease:转租,轉租 moveout,moveouts:搬出 movein,moveins:入住,搬入
inventorycheck:交房,验房,驗房 keyhandover:交钥匙,交鑰匙 interiordesign:装修风格,裝修風格,室内设计,室內設計
floorplan:户型,戶型,户型图,戶型圖 squaremeter,squaremeters,sqm,sqft:平方米,平米,面积,面積 schooldistrict:学区,學區,学区房,學區房
newhome,housewarming:乔迁,喬遷,新家 eviction,evicted,evict:赶走,趕走,被赶,被趕 noise,noisy:噪音,吵闹,吵鬧
soundproof,soundproofing:隔音 ventilation,ventilate:通风,通風 sunlight:采光,採光 paymentapp:支付软件,支付軟件
creditlimit:信用额度,信用額度 annualfee:年费,年費 cardfrozen,frozencard,accountfrozen:账户冻结,賬戶凍結
lostcard,reportlost:挂失,掛失 cardreplacement:补卡,補卡 closeaccount,accountclosure:销户,銷戶
paymentfailed,declined:支付失败,支付失敗,被拒 pending,processing:待处理,待處理,处理中,處理中 completed:完成,已完成
ongoing,inprogress,wip:进行中,進行中 onhold:暂缓,暫緩,搁置,擱置 abandoned,abandon:放弃,放棄
draft,drafts,drafted:草稿,起草 finalize,finalized,finalversion:最终,最終,定稿 revised,revise:修订,修訂,修改版
pendingreview:待审核,待審核,待審覈 awaiting,waitlist:等待,候补,候補
passwordreset,resetpassword,forgotpassword:重置密码,重置密碼,忘记密码,忘記密碼,找回密码,找回密碼
accountlocked,lockedaccount:账号被锁,賬號被鎖,账号锁定,賬號鎖定 suspiciouslogin,unusuallogin:异地登录,異地登錄,异常登录,異常登錄
accountbanned,suspended,suspension:封号,封號 formvalidation:表单校验,表單校驗
statemanagement,redux,vuex,pinia:状态管理,狀態管理 componentlibrary,uikit:组件库,組件庫
designsystem:设计系统,設計系統,设计规范,設計規範 debounce,debounced,debouncing:防抖 memoization,memoize:记忆化,記憶化
virtuallist,virtualscroll:虚拟列表,虛擬列表 tailwind,utilitycss:原子样式,原子樣式 crashrate,crashfree:崩溃率,崩潰率
appsize,packagesize,bundlesize:包体积,包體積,包大小 obfuscation,obfuscate,obfuscated,proguard:代码混淆,代碼混淆
provisioningprofile:描述文件 pushcertificate:推送证书,推送證書
appreview,appreviewrejected,reviewrejection:应用审核,應用審核,應用審覈,审核被拒,審核被拒,審覈被拒
launchtime,startuptime,coldstarttime:启动时间,啟動時間,啓動時間,启动耗时,啟動耗時,啓動耗時 keepalive:保活
landscape:横屏,橫屏,风景,風景 portrait:竖屏,豎屏,肖像 orientation:屏幕方向 datalayer,ods,dwd,dws:数仓分层,數倉分層
dimensiontable,dimtable:维表,維表,维度表,維度表 widetable:宽表,寬表 dataskew,skew,skewed:数据倾斜,數據傾斜,倾斜,傾斜
smallfiles:小文件 datadictionary:数据字典,數據字典 metricdefinition,caliber:口径,口徑,指标口径,指標口徑
adhoc,adhocquery:临时查询,臨時查詢,即席查询,即席查詢 trainingset,trainset:训练集,訓練集 testset:测试集,測試集
devset,validationset,valset:验证集,驗證集 evalset,evaluationset:评测集,評測集 noisylabel,labelnoise:标签噪声,標籤噪聲
batchinference,offlineinference:离线推理,離線推理 vram,gpumemory:显存,顯存 mixedprecision,fp16,bf16:混合精度
promptengineering:提示工程 functioncalling,toolcall,toolcalls,tooluse:函数调用,函數調用,工具调用,工具調用
chainofthought,reasoning:思维链,思維鏈,推理能力 paymentgateway:支付网关,支付網關 feerate,mdr:费率,費率
settlementcycle,t1:结算周期,結算週期 splitpayment,profitsharing:分账,分賬
withholding,directdebit,autodebit,autopay:代扣,自动扣款,自動扣款,自动扣费,自動扣費 invoicetitle:发票抬头,發票抬頭
taxid,taxnumber,tin:税号,稅號 fapiao:增值税票,增值稅票 barber,barbershop,hairsalon,salon:理发店,理髮店,美发店,美髮店
manicure,nailsalon,nailart:美甲 sauna,saunas:桑拿,汗蒸 drycleaning,drycleaner:干洗,乾洗,干洗店,乾洗店
tailor,tailoring,alteration,alterations:裁缝,裁縫,改衣服 laundromat:洗衣店
familydinner,reunion,reunions,familyreunion:团聚,團聚,团圆饭,團圓飯,家宴 visitparents,visitfamily:回家,看望父母
heartbroken,heartbreak:心碎,伤心欲绝,傷心欲絕 touched:感动,感動 satisfied,satisfaction:满意,滿意,满足,滿足
dissatisfied,dissatisfaction:不满意,不滿意,不满,不滿 pee,urinate,urination,peeing:小便,尿尿,排尿
poop,stool,bowelmovement,feces:大便,排便,凳子 bloodinstool:便血 phlegm,mucus:痰多,咳痰,黏液 snot:鼻涕
stiff,stiffness:僵硬,发僵,發僵 weak,weakness:虚弱,虛弱,乏力,无力,無力 weightgain,gainweight:长胖,長胖,发胖,發胖,增重
sleepy,drowsy,drowsiness:犯困,困了,嗜睡 proteinpowder,whey:蛋白粉 gymmembership,gymcard:健身卡
personalbest,pb:最好成绩,最好成績 animalshelter,rescue,rescued:收容所,救助 microchip,microchipped:宠物芯片,寵物芯片
windowseat:靠窗 aisleseat:过道,過道 seat,seats,seating:座位,席位 economyclass:经济舱,經濟艙 businessclass:商务舱,商務艙
firstclass:头等舱,頭等艙 miles,mileage,frequentflyer:里程,常旅客 airportlounge:贵宾厅,貴賓廳,休息室
refundticket,ticketrefund:退票 changeticket,rebook,rebooked,rebooking:改签,改簽
missedflight,missedtrain:误机,誤機,误车,誤車,没赶上,沒趕上 sleepertrain,berth,sleeper:卧铺,臥鋪
ctrip,fliggy:携程,攜程,飞猪,飛豬 travelagency,travelagent:旅行社 grouptour,packagetour:跟团,跟團,跟团游,跟團遊
independenttravel,diytravel:自由行 tourguide,guide,guides:导游,導遊,指南 visafree,visaexemption:免签,免籤
entry,entering:入境,条目,條目 departure,departures,depart,departed:出发,出發,离开,離開,出境
arrival,arrivals,arrive,arrived,arriving:到达,到達,抵达,抵達 quarantine,quarantined:检疫,檢疫
orderfood:点菜,點菜,点餐,點餐 paythebill,billplease:买单,買單 streetfood,foodstall:路边摊,路邊攤,小吃摊,小吃攤,小喫攤
nightmarket:夜市 foodcourt:美食广场,美食廣場 deliveryfee:配送费,配送費,运费,運費 packagingfee:打包费,打包費
servicefee:服务费,服務費 networth:净资产,淨資產 emergencyfund:应急资金,應急資金,备用金,備用金 annuity:年金
minimumpayment:最低还款,最低還款 paymentdue,repaymentdate:还款日,還款日 dailyreport,dailystandup:日报,日報
internaltransfer,teamtransfer,transferteam:转岗,轉崗,内部转岗,內部轉崗
referenceletter,recommendationletter:推荐信,推薦信 businessvisa:商务签,商務籤
taxresident,taxresidency:税务居民,稅務居民 maintenancerequest,repairrequest:报修,報修 brokenappliance:电器坏了,電器壞了
pressure,pressured:逼迫 highavailability:高可用 intrusiondetection:入侵检测,入侵檢測 memo,memos:备忘录,備忘錄,备忘,備忘
normalrange,referencerange:正常范围,正常範圍,正常值 abnormality:异常情况,異常情況 upperback:后背,後背,背部
vinegar:陈醋,陳醋,白醋,香醋 patient,patients:病人,患者
"""
