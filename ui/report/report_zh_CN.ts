<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ReportBuilder</name>
    <message>
        <source>GPU plan for %1</source>
        <translation>%1 的 GPU 方案</translation>
    </message>
    <message>
        <source>GPU Planner %1</source>
        <translation>GPU Planner %1</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>%1 × %2 (%3 nodes × %4 GPUs)</source>
        <translation>%1 × %2（%3 个节点 × 每节点 %4 卡）</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>无价格</translation>
    </message>
    <message>
        <source>GPU plan report</source>
        <translation>GPU 方案报告</translation>
    </message>
    <message>
        <source>Generated %1 by GPU Planner %2. All figures are estimates from the models and catalog named under Assumptions.</source>
        <translation>由 GPU Planner %2 于 %1 生成。所有数值均为估算，所用模型与目录数据见“假设条件”一节。</translation>
    </message>
    <message>
        <source>The question</source>
        <translation>需求</translation>
    </message>
    <message>
        <source>%1, %2 parameters</source>
        <translation>%1，%2 参数</translation>
    </message>
    <message>
        <source> (%1 active per token)</source>
        <translation>（每个 token 激活 %1）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>任务类型</translation>
    </message>
    <message>
        <source>Technique</source>
        <translation>训练方式</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>, weights stored as %1</source>
        <translation>，权重以 %1 存储</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Prompt / output tokens</source>
        <translation>输入 / 输出 token 数</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>KV-cache precision</source>
        <translation>KV 缓存精度</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>micro-batch %1 × accumulation %2</source>
        <translation>微批 %1 × 梯度累积 %2</translation>
    </message>
    <message>
        <source>, global batch %1 sequences</source>
        <translation>，全局批 %1 条序列</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失计算</translation>
    </message>
    <message>
        <source>, deadline %1</source>
        <translation>，期限 %1</translation>
    </message>
    <message>
        <source>, budget %1</source>
        <translation>，预算 %1</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>优化目标</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>chosen per candidate by the planner (%1 configurations scored)</source>
        <translation>由规划器为每个候选选择（共评估 %1 种配置）</translation>
    </message>
    <message>
        <source>as set in the plan</source>
        <translation>按方案文件设定</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>%1 (every catalog instance)</source>
        <translation>%1（目录中的全部实例）</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <source>It fits: it needs %1 of the %2 usable on each %3 GPU.</source>
        <translation>显存充足：每块 %3 GPU 需要 %1，可用 %2。</translation>
    </message>
    <message>
        <source>It is the only candidate that fits.</source>
        <translation>它是唯一放得下的候选。</translation>
    </message>
    <message>
        <source>It finishes soonest of the %1 candidates that fit: %2, against %3 for the runner-up, %4.</source>
        <translation>在 %1 个放得下的候选中完成最快：%2，次优的 %4 需要 %3。</translation>
    </message>
    <message>
        <source>It is the cheapest of the %1 candidates that fit: %2, against %3 for the runner-up, %4</source>
        <translation>在 %1 个放得下的候选中费用最低：%2，次优的 %4 需要 %3</translation>
    </message>
    <message>
        <source> (%1 less).</source>
        <translation>（节省 %1）。</translation>
    </message>
    <message>
        <source>It ranks first of the %1 candidates that fit.</source>
        <translation>在 %1 个放得下的候选中排名第一。</translation>
    </message>
    <message>
        <source>It finishes within the deadline of %1.</source>
        <translation>能在 %1 的期限内完成。</translation>
    </message>
    <message>
        <source>It stays within the budget of %1.</source>
        <translation>费用在 %1 的预算之内。</translation>
    </message>
    <message>
        <source>It generates %1 tokens/s after a prefill of %2; the limit is %3.</source>
        <translation>预填充 %2 后每秒生成 %1 个 token；瓶颈为%3。</translation>
    </message>
    <message>
        <source>It trains at %1 tokens/s (%2 model FLOPs utilization); the limit is %3.</source>
        <translation>训练速度 %1 token/秒（模型算力利用率 %2）；瓶颈为%3。</translation>
    </message>
    <message>
        <source>Its price is an estimate: confirm the provider&apos;s current price before committing.</source>
        <translation>其价格为估算值：下单前请向云厂商确认当前价格。</translation>
    </message>
    <message>
        <source>No price is known for it: the ranking ignores its cost.</source>
        <translation>没有它的价格：排名未考虑其费用。</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>推荐方案</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>单卡显存</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Decode speed</source>
        <translation>解码速度</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 token/秒</translation>
    </message>
    <message>
        <source>Price per hour</source>
        <translation>每小时价格</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>推荐理由</translation>
    </message>
    <message>
        <source>No candidate fits this plan.</source>
        <translation>没有候选能放下此方案。</translation>
    </message>
    <message>
        <source>The closest is %1 (%2).</source>
        <translation>最接近的是 %1（%2）。</translation>
    </message>
    <message>
        <source>Suggestion: %1</source>
        <translation>建议：%1</translation>
    </message>
    <message>
        <source>Candidates side by side</source>
        <translation>候选对比</translation>
    </message>
    <message>
        <source>Ranked best first; %1 of %2 candidates fit. Memory is per GPU against its capacity; cost is the cheapest billing mode to finish.</source>
        <translation>按优劣排序；%2 个候选中有 %1 个放得下。显存为单卡用量与容量之比；费用取完成任务最便宜的计费方式。</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>单卡显存</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Price / hour</source>
        <translation>每小时价格</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>%1 × %2
%3 nodes</source>
        <translation>%1 × %2
%3 个节点</translation>
    </message>
    <message>
        <source>%1 tok/s</source>
        <translation>%1 token/秒</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>The charts show the %1 best-ranked of the %2 candidates; the table above lists them all.</source>
        <translation>图表只显示 %2 个候选中排名前 %1 的候选；上表列出了全部候选。</translation>
    </message>
    <message>
        <source>#%1  %2</source>
        <translation>#%1  %2</translation>
    </message>
    <message>
        <source>recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>Does not fit: %1</source>
        <translation>放不下：%1</translation>
    </message>
    <message>
        <source>Does not fit.</source>
        <translation>放不下。</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>%1 (%2 usable)</source>
        <translation>%1（可用 %2）</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>%1 of GPU</source>
        <translation>占显存 %1</translation>
    </message>
    <message>
        <source>Time per decode step</source>
        <translation>每个解码步耗时</translation>
    </message>
    <message>
        <source>Time per optimizer step</source>
        <translation>每个优化步耗时</translation>
    </message>
    <message>
        <source>inside a node</source>
        <translation>节点内</translation>
    </message>
    <message>
        <source>between nodes</source>
        <translation>节点间</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Model FLOPs utilization</source>
        <translation>模型算力利用率</translation>
    </message>
    <message>
        <source>%1 (%2 GPU-hours)</source>
        <translation>%1（%2 卡时）</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Billing mode</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>Cost to finish</source>
        <translation>完成所需费用</translation>
    </message>
    <message>
        <source>Finishes after</source>
        <translation>完成用时</translation>
    </message>
    <message>
        <source>not offered</source>
        <translation>不提供</translation>
    </message>
    <message>
        <source>Storage (disk for the run)</source>
        <translation>存储（运行期间的云盘）</translation>
    </message>
    <message>
        <source>A monthly subscription is cheaper than pay-as-you-go after %1 days of use.</source>
        <translation>使用超过 %1 天后，包年包月比按量计费更便宜。</translation>
    </message>
    <message>
        <source>Candidate details</source>
        <translation>候选详情</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设条件</translation>
    </message>
    <message>
        <source>Estimates rest on these figures. Values set in the plan replace the catalog&apos;s defaults; every catalog value names its source and date.</source>
        <translation>估算基于以下数值。方案文件中设定的值优先于目录默认值；目录中每个数值都注明了来源和日期。</translation>
    </message>
    <message>
        <source>Compute efficiency</source>
        <translation>计算效率</translation>
    </message>
    <message>
        <source>CUDA context per GPU</source>
        <translation>每卡 CUDA 上下文</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>NCCL buffers per GPU</source>
        <translation>每卡 NCCL 缓冲区</translation>
    </message>
    <message>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <source>Memory headroom</source>
        <translation>显存余量</translation>
    </message>
    <message>
        <source>Memory bandwidth efficiency</source>
        <translation>显存带宽效率</translation>
    </message>
    <message>
        <source>Link efficiency</source>
        <translation>互联效率</translation>
    </message>
    <message>
        <source>Communication overlap</source>
        <translation>通信重叠比例</translation>
    </message>
    <message>
        <source>Disk throughput</source>
        <translation>磁盘吞吐</translation>
    </message>
    <message>
        <source> MB/s</source>
        <translation> MB/s</translation>
    </message>
    <message>
        <source>Spot interruptions per day</source>
        <translation>竞价实例每日中断次数</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source> h</source>
        <translation> 小时</translation>
    </message>
    <message>
        <source>Restart time</source>
        <translation>重启耗时</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Cloud storage</source>
        <translation>云存储</translation>
    </message>
    <message>
        <source>Set in the plan</source>
        <translation>方案中设定</translation>
    </message>
    <message>
        <source>Nothing: the catalog&apos;s defaults below apply.</source>
        <translation>无：使用下列目录默认值。</translation>
    </message>
    <message>
        <source>Exchange rate</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>1 USD = %1 CNY (%2).</source>
        <translation>1 美元 = %1 人民币（%2）。</translation>
    </message>
    <message>
        <source>set in the plan</source>
        <translation>方案中设定</translation>
    </message>
    <message>
        <source>catalog default</source>
        <translation>目录默认值</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认项</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>As of</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>(estimate)</source>
        <translation>（估算）</translation>
    </message>
    <message>
        <source>Catalog defaults</source>
        <translation>目录默认值</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Prices (whole candidate, %1)</source>
        <translation>价格（整个候选，%1）</translation>
    </message>
    <message>
        <source>Sources are named by key; the table below gives their titles and addresses.</source>
        <translation>来源以键名标注；下表列出其标题与地址。</translation>
    </message>
    <message>
        <source>Title and address</source>
        <translation>标题与地址</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>资料来源</translation>
    </message>
    <message>
        <source>About the model</source>
        <translation>关于模型</translation>
    </message>
</context>
</TS>
