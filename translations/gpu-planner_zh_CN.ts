<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AnswerText</name>
    <message>
        <source>does not fit (%1 of %2 per GPU)</source>
        <translation>放不下（每卡 %1 / %2）</translation>
    </message>
    <message>
        <source>takes %1, past the deadline of %2</source>
        <translation>需要 %1，超过 %2 的期限</translation>
    </message>
    <message>
        <source>costs %1, over the budget of %2</source>
        <translation>费用 %1，超出 %2 的预算</translation>
    </message>
    <message>
        <source>costs %1 more per million tokens (+%2, %3)</source>
        <translation>每百万 token 贵 %1（+%2，%3）</translation>
    </message>
    <message>
        <source>costs %1 more (+%2, %3)</source>
        <translation>贵 %1（+%2，%3）</translation>
    </message>
    <message>
        <source>costs %1 less per million tokens (%2)</source>
        <translation>每百万 token 便宜 %1（%2）</translation>
    </message>
    <message>
        <source>costs %1 less (%2)</source>
        <translation>便宜 %1（%2）</translation>
    </message>
    <message>
        <source>takes %1 longer</source>
        <translation>多用 %1</translation>
    </message>
    <message>
        <source>finishes %1 sooner</source>
        <translation>提前 %1 完成</translation>
    </message>
    <message>
        <source>ranks just below on the objective&apos;s tie-breaks</source>
        <translation>目标值相同，按次要指标排在其后</translation>
    </message>
    <message>
        <source>no price under the counted billing modes</source>
        <translation>计入的计费方式下无价格</translation>
    </message>
    <message>
        <source>%1 per million tokens (%2)</source>
        <translation>每百万 token %1（%2）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>misses the latency targets</source>
        <translation>未满足延迟目标</translation>
    </message>
    <message>
        <source>tensor %1 × pipeline %2</source>
        <translation>张量并行 %1 × 流水线并行 %2</translation>
    </message>
    <message>
        <source>tensor %1</source>
        <translation>张量并行 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n replica(s) × %1 GPUs (%2)</source>
        <translation>
            <numerusform>%n 个副本 × %1 个 GPU（%2）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (no target)</source>
        <translation>%1（无目标）</translation>
    </message>
    <message>
        <source>%1 (target %2)</source>
        <translation>%1（目标 %2）</translation>
    </message>
    <message>
        <source>%1 (over the target of %2)</source>
        <translation>%1（超出目标 %2）</translation>
    </message>
    <message>
        <source>The weights, the activation peak and non-torch memory need %1 more than the engine&apos;s %2 per GPU: no room is left for a KV cache.</source>
        <translation>权重、激活峰值和非 torch 显存比引擎每块 GPU 的 %2 还多需要 %1：没有留给 KV 缓存的空间。</translation>
    </message>
    <message>
        <source>The engine takes %1 of %2 per GPU; its KV cache fills the %3 that the weights, the activation peak and non-torch memory leave; %4 stay outside the engine.</source>
        <translation>引擎占用每块 GPU %2 中的 %1；权重、激活峰值和非 torch 显存之外剩下的 %3 全部由 KV 缓存占满；%4 留在引擎之外。</translation>
    </message>
    <message>
        <source>recompute %1 of %2 layers</source>
        <translation>重计算 %1/%2 层</translation>
    </message>
    <message>
        <source>bf16 optimizer states</source>
        <translation>bf16 优化器状态</translation>
    </message>
    <message>
        <source>MTP module</source>
        <translation>MTP 模块</translation>
    </message>
    <message>
        <source>EAGLE-3 head</source>
        <translation>EAGLE-3 草稿头</translation>
    </message>
    <message>
        <source>EAGLE head</source>
        <translation>EAGLE 草稿头</translation>
    </message>
    <message>
        <source>%1 draft tokens at %2 acceptance: %3 tokens per step; %4× at one request, %5× here</source>
        <translation>%1 个草稿 token，接受率 %2：每步 %3 个 token；单请求时 %4×，此处 %5×</translation>
    </message>
    <message>
        <source>it does not pay even for one request</source>
        <translation>即使只有一个请求也不划算</translation>
    </message>
    <message numerus="yes">
        <source>it pays up to %n request(s) per step</source>
        <translation>
            <numerusform>每步 %n 个请求以内才划算</numerusform>
        </translation>
    </message>
    <message>
        <source>Speculative decoding, %1: %2; %3.</source>
        <translation>投机解码，%1：%2；%3。</translation>
    </message>
    <message>
        <source>shared system prompt</source>
        <translation>共享系统提示词</translation>
    </message>
    <message>
        <source>multi-turn chat</source>
        <translation>多轮对话</translation>
    </message>
    <message>
        <source>RAG documents</source>
        <translation>RAG 文档</translation>
    </message>
    <message>
        <source>Prefix cache (%1): %2 of prompt tokens found (%3 if all were held), %4 tokens and %5 of prefill saved per request; it holds %6, %7 of it in host memory, %8 to load per request.</source>
        <translation>前缀缓存（%1）：命中 %2 的提示词 token（全部驻留时为 %3），每个请求省去 %4 个 token、%5 的预填充；缓存占用 %6，其中 %7 在主机内存，每个请求加载耗时 %8。</translation>
    </message>
    <message numerus="yes">
        <source>%n prefill replica(s) × %1 GPUs (%2)</source>
        <translation>
            <numerusform>%n 个预填充副本 × %1 块 GPU（%2）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n decode replica(s) × %1 GPUs (%2)</source>
        <translation>
            <numerusform>%n 个解码副本 × %1 块 GPU（%2）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 MB per request over %2 (%3 Gbps): %4</source>
        <translation>每个请求 %1 MB，经 %2（%3 Gbps）：%4</translation>
    </message>
    <message>
        <source>Keys and values are kept in %1 of the %2 layers (%3 per token); the recurrent layers keep a state of %4 per request instead.</source>
        <translation>仅 %2 层中的 %1 层保存键和值（每个 token %3）；循环层改为每个请求保存 %4 的状态。</translation>
    </message>
    <message>
        <source>%1 + %2</source>
        <translation>%1 + %2</translation>
    </message>
    <message numerus="yes">
        <source>%n LoRA adapter(s) of rank %1: </source>
        <translation>
            <numerusform>%n 个秩为 %1 的 LoRA 适配器：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n per replica on the GPUs (%1 per GPU), </source>
        <translation>
            <numerusform>每个副本在 GPU 上放 %n 个（每卡 %1），</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in host memory; the decode step takes %1x as long.</source>
        <translation>
            <numerusform>主机内存中放 %n 个；解码步耗时为原来的 %1 倍。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of requests first load their adapter over PCIe, %2 each.</source>
        <translation>%1 的请求需先经 PCIe 加载其适配器，每次 %2。</translation>
    </message>
    <message>
        <source>The slots hold the batch at %1 requests, where its adapters fill them.</source>
        <translation>适配器槽位把批次限制在 %1 个请求，此时这些请求的适配器恰好占满槽位。</translation>
    </message>
    <message>
        <source>Wide expert parallelism over %1 GPUs (attention data-parallel, experts spread): %2 requests per GPU against %3 for the replicas; %4 output tokens/s per GPU at %5 requests (time per output token %6, %7 of it all-to-all) against %8 for the replicas: %9.</source>
        <translation>在 %1 张 GPU 上做大规模专家并行（注意力数据并行，专家分散）：每卡容纳 %2 个请求，副本为 %3；每卡在 %5 个请求时输出 %4 token/s（每输出 token 时间 %6，其中 all-to-all 占 %7），副本为 %8：%9。</translation>
    </message>
    <message>
        <source>wide EP serves more per GPU</source>
        <translation>大规模专家并行每卡服务更多</translation>
    </message>
    <message>
        <source>the replicas serve more per GPU</source>
        <translation>副本每卡服务更多</translation>
    </message>
    <message numerus="yes">
        <source>on %n node(s) of %1 (%2)</source>
        <translation>
            <numerusform>位于 %1（%2）的 %n 个节点上</numerusform>
        </translation>
    </message>
    <message>
        <source>Local disk: %1 of %2 held, read at %3/s; %4 of the load is the disk read.</source>
        <translation>本地磁盘：在 %2 中保存 %1，读取速度 %3/s；加载时间中 %4 为磁盘读取。</translation>
    </message>
</context>
<context>
    <name>Charts</name>
    <message>
        <source>%1, %2 nodes</source>
        <translation>%1，%2 节点</translation>
    </message>
    <message>
        <source>%1 x%2</source>
        <translation>%1 ×%2</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>单卡显存</translation>
    </message>
    <message>
        <source>Memory per GPU: no candidates</source>
        <translation>单卡显存：无候选</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2: %3&lt;br&gt;Total: %4 of %5 (usable %6)&lt;br&gt;%7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2：%3&lt;br&gt;合计：%4 / %5（可用 %6）&lt;br&gt;%7</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>GPU capacity (fits)</source>
        <translation>GPU 显存容量（放得下）</translation>
    </message>
    <message>
        <source>GPU capacity (does not fit)</source>
        <translation>GPU 显存容量（放不下）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;GPU memory: %2&lt;br&gt;Usable after headroom: %3&lt;br&gt;Needed: %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;GPU 显存：%2&lt;br&gt;扣除余量后可用：%3&lt;br&gt;需要：%4</translation>
    </message>
    <message>
        <source>Cost over time</source>
        <translation>费用随时间变化</translation>
    </message>
    <message>
        <source>Cost over time: no fitting candidate with a price</source>
        <translation>费用随时间变化：没有放得下且有价格的候选</translation>
    </message>
    <message>
        <source>Elapsed days</source>
        <translation>已用天数</translation>
    </message>
    <message>
        <source>Cost (thousand %1)</source>
        <translation>费用（千 %1）</translation>
    </message>
    <message>
        <source>Cost (%1)</source>
        <translation>费用（%1）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;Day %3: %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;第 %3 天：%4</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;Finishes after %3 days&lt;br&gt;Total %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;%3 天后完成&lt;br&gt;合计 %4</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Monthly becomes cheaper than pay-as-you-go after %2 days</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;使用 %2 天后包年包月比按量计费便宜</translation>
    </message>
    <message>
        <source>Time per million tokens</source>
        <translation>每百万 token 耗时</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2: %3 per step (%4)&lt;br&gt;Step: %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2：每步 %3（%4）&lt;br&gt;单步：%5</translation>
    </message>
    <message>
        <source>&lt;br&gt;Per million tokens: %1</source>
        <translation>&lt;br&gt;每百万 token：%1</translation>
    </message>
    <message>
        <source>Monthly breaks even</source>
        <translation>包年包月回本点</translation>
    </message>
    <message>
        <source>Throughput vs latency per replica (best %1 of %2)</source>
        <translation>每副本吞吐与延迟（%2 个中最优的 %1 个）</translation>
    </message>
    <message>
        <source>Throughput vs latency per replica</source>
        <translation>每副本吞吐与延迟</translation>
    </message>
    <message>
        <source>Cost per million tokens</source>
        <translation>每百万 token 成本</translation>
    </message>
    <message>
        <source>Cost per million tokens: no fitting candidate with a price</source>
        <translation>每百万 token 成本：没有放得下且有价格的候选</translation>
    </message>
    <message>
        <source>Cost per million tokens (best %1 of %2)</source>
        <translation>每百万 token 成本（%2 个中最优的 %1 个）</translation>
    </message>
    <message>
        <source>Per million tokens (input + output)</source>
        <translation>每百万 token（输入 + 输出）</translation>
    </message>
    <message>
        <source>Per million output tokens</source>
        <translation>每百万输出 token</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;%3 per million tokens&lt;br&gt;%4 per million output tokens&lt;br&gt;%n replica(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;每百万 token %3&lt;br&gt;每百万输出 token %4&lt;br&gt;%n 个副本</numerusform>
        </translation>
    </message>
    <message>
        <source>Throughput vs latency: no candidate starts the serving engine</source>
        <translation>吞吐与延迟：没有候选能启动推理引擎</translation>
    </message>
    <message>
        <source>Time per output token (ms)</source>
        <translation>每输出 token 时间（毫秒）</translation>
    </message>
    <message>
        <source>Output tokens/s per replica</source>
        <translation>每副本输出 token/秒</translation>
    </message>
    <message>
        <source>Operating point</source>
        <translation>工作点</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; · operating point&lt;br&gt;%2 requests in flight per replica, %n replica(s)&lt;br&gt;%3 output tokens/s per replica&lt;br&gt;Time per output token %4, time to first token %5&lt;br&gt;Limit: %6</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; · 工作点&lt;br&gt;每副本在途请求 %2 个，%n 个副本&lt;br&gt;每副本输出 %3 token/秒&lt;br&gt;每输出 token 时间 %4，首 token 时间 %5&lt;br&gt;限制因素：%6</numerusform>
        </translation>
    </message>
    <message>
        <source>TPOT target %1</source>
        <translation>TPOT 目标 %1</translation>
    </message>
    <message>
        <source>Cost per million tokens: no candidate serves the load at a known price</source>
        <translation>每百万 token 成本：没有候选能以已知价格承载该负载</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 requests in flight per replica&lt;br&gt;%3 output tokens/s per replica&lt;br&gt;Time per output token %4 (p99 %6), time to first token %5 (p99 %7)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;每副本在途请求 %2 个&lt;br&gt;每副本输出 %3 token/秒&lt;br&gt;每输出 token 时间 %4（p99 %6），首 token 时间 %5（p99 %7）</translation>
    </message>
    <message>
        <source>Cost to finish</source>
        <translation>完成所需费用</translation>
    </message>
    <message>
        <source>Cost to finish: no fitting candidate with a price</source>
        <translation>完成所需费用：没有放得下且有价格的候选</translation>
    </message>
    <message>
        <source>Cost to finish (best %1 of %2)</source>
        <translation>完成所需费用（%2 个中最优的 %1 个）</translation>
    </message>
    <message>
        <source>Memory per GPU (GiB)</source>
        <translation>单卡显存（GiB）</translation>
    </message>
    <message>
        <source>Decode step time by part (ms)</source>
        <translation>解码单步耗时构成（毫秒）</translation>
    </message>
    <message>
        <source>Decode step time by part (s)</source>
        <translation>解码单步耗时构成（秒）</translation>
    </message>
    <message>
        <source>Time per million tokens (ms)</source>
        <translation>每百万 token 耗时（毫秒）</translation>
    </message>
    <message>
        <source>Time per million tokens (s)</source>
        <translation>每百万 token 耗时（秒）</translation>
    </message>
</context>
<context>
    <name>CoreError</name>
    <message>
        <source>is required</source>
        <translation>为必填项</translation>
    </message>
    <message>
        <source>must be between %1 and %2, got %3</source>
        <translation>必须在 %1 到 %2 之间，输入为 %3</translation>
    </message>
    <message>
        <source>must be at least %1, got %2</source>
        <translation>必须至少为 %1，输入为 %2</translation>
    </message>
    <message>
        <source>must be at most %1, got %2</source>
        <translation>必须至多为 %1，输入为 %2</translation>
    </message>
    <message>
        <source>must be positive, got %1</source>
        <translation>必须大于 0，输入为 %1</translation>
    </message>
    <message>
        <source>must be 0 or more, got %1</source>
        <translation>必须为 0 或更大，输入为 %1</translation>
    </message>
    <message>
        <source>must be a number, got %1</source>
        <translation>必须为数字，输入为 %1</translation>
    </message>
    <message>
        <source>must be an integer, got %1</source>
        <translation>必须为整数，输入为 %1</translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation>必须为有限的数字</translation>
    </message>
    <message>
        <source>must be true or false, got %1</source>
        <translation>必须为 true 或 false，输入为 %1</translation>
    </message>
    <message>
        <source>must be at most %1 characters, got %2</source>
        <translation>最多 %1 个字符，输入了 %2 个</translation>
    </message>
    <message>
        <source>must be &gt; %1 and at most %2, got %3</source>
        <translation>必须大于 %1 且至多为 %2，输入为 %3</translation>
    </message>
    <message>
        <source>must be &gt; 0, got %1</source>
        <translation>必须大于 0，输入为 %1</translation>
    </message>
    <message>
        <source>must be a positive integer or &quot;%1&quot;, got %2</source>
        <translation>必须为正整数或“%1”，输入为 %2</translation>
    </message>
    <message>
        <source>must be below 1 (the last prompt token is always computed), got %1</source>
        <translation>必须小于 1（提示的最后一个 token 总要计算），输入为 %1</translation>
    </message>
    <message>
        <source>must be below 1 (a dropout probability of 1 drops every input), got %1</source>
        <translation>必须小于 1（dropout 概率为 1 会丢弃全部输入），输入为 %1</translation>
    </message>
    <message>
        <source>must hold prompt_tokens + output_tokens (%1), got %2</source>
        <translation>必须容纳提示 token 数与输出 token 数之和（%1），输入为 %2</translation>
    </message>
    <message>
        <source>q8_0 and q4_0 are llama.cpp&apos;s cache types (--cache-type-k/v): set engine.name &quot;llama.cpp&quot; or use fp8/int8</source>
        <translation>q8_0 和 q4_0 是 llama.cpp 的缓存类型（--cache-type-k/v）：请把推理引擎设为 llama.cpp，或改用 fp8/int8</translation>
    </message>
    <message>
        <source>a prefix_cache.shape derives the hit rate; give the shape or the hit rate, not both</source>
        <translation>前缀缓存的形态会推出命中率：请只给出形态或命中率之一</translation>
    </message>
    <message>
        <source>must be at least max_loras (%1), got %2</source>
        <translation>必须不少于 GPU 上的适配器槽位数（%1），输入为 %2</translation>
    </message>
    <message>
        <source>must be at most response_tokens_max (%1), got %2</source>
        <translation>必须不超过回答的最大 token 数（%1），输入为 %2</translation>
    </message>
    <message>
        <source>applies to placement &quot;separate&quot; (colocated rollouts run on every GPU)</source>
        <translation>仅适用于分离部署（共置时生成在每张 GPU 上运行）</translation>
    </message>
    <message>
        <source>needs placement &quot;separate&quot; (colocated rollout and training take turns)</source>
        <translation>需要分离部署（共置时生成与训练轮流进行）</translation>
    </message>
    <message>
        <source>must be at most prompts_per_step x samples_per_prompt (%1), got %2</source>
        <translation>必须不超过每步提示数 × 每个提示的采样数（%1），输入为 %2</translation>
    </message>
    <message>
        <source>%1 has no critic (advantages are relative to the group&apos;s rewards); remove it or use algorithm &quot;ppo&quot;</source>
        <translation>%1 没有评论家模型（优势相对于组内奖励计算）：请删除它，或改用 PPO 算法</translation>
    </message>
    <message>
        <source>applies to activation_checkpointing &quot;full&quot; only</source>
        <translation>仅适用于完整激活检查点</translation>
    </message>
    <message>
        <source>applies to technique &quot;full&quot; with objective &quot;language-modeling&quot; on a decoder model only</source>
        <translation>仅适用于解码器模型在语言建模目标下的全量训练（technique &quot;full&quot;）</translation>
    </message>
    <message>
        <source>needs the model&apos;s architecture (a preset or model.architecture), not a parameter count alone</source>
        <translation>需要模型的架构（预设或 model.architecture），仅有参数量不够</translation>
    </message>
    <message>
        <source>must be at most the sequence length (%1), got %2</source>
        <translation>不能超过序列长度（%1），当前为 %2</translation>
    </message>
    <message>
        <source>must be a power of two from 1 to %1, got %2</source>
        <translation>必须是 1 到 %1 之间的 2 的幂，输入为 %2</translation>
    </message>
    <message>
        <source>must divide the sequence length (%1) into 2 x %2 equal chunks (load-balanced ring attention)</source>
        <translation>必须能把序列长度（%1）均分为 2 × %2 块（负载均衡的环形注意力）</translation>
    </message>
    <message>
        <source>applies to training only</source>
        <translation>仅适用于训练</translation>
    </message>
    <message>
        <source>more than 1 needs pipeline_schedule &quot;interleaved&quot;</source>
        <translation>大于 1 时需要交错式流水线调度</translation>
    </message>
    <message>
        <source>the interleaved schedule needs at least 2 model chunks per pipeline rank</source>
        <translation>交错式调度要求每个流水线阶段至少 2 个模型块</translation>
    </message>
    <message>
        <source>is required when the objective is &quot;cost-under-deadline&quot;</source>
        <translation>目标为“期限内最低成本”时必填</translation>
    </message>
    <message>
        <source>is required when the objective is &quot;time-under-budget&quot;</source>
        <translation>目标为“预算内最短时间”时必填</translation>
    </message>
    <message>
        <source>a MIG slice is one instance of one GPU: gpus_per_node must be 1 (slices have no P2P)</source>
        <translation>MIG 切片是单张 GPU 的一个实例：每节点 GPU 数必须为 1（切片之间没有 P2P）</translation>
    </message>
    <message>
        <source>must be at most the model&apos;s %1 layers, got %2</source>
        <translation>必须不超过模型的 %1 层，输入为 %2</translation>
    </message>
    <message>
        <source>pipeline x virtual_stages (%1 x %2 = %3 model chunks) exceeds the model&apos;s %4 layers: each chunk needs at least one layer</source>
        <translation>流水线并行 × 虚拟阶段（%1 × %2 = %3 个模型块）超过模型的 %4 层：每块至少需要一层</translation>
    </message>
    <message>
        <source>the planner&apos;s smallest pipeline x virtual_stages (%1 x %2 = %3 model chunks) exceeds the model&apos;s %4 layers: each chunk needs at least one layer</source>
        <translation>规划器最小的流水线并行 × 虚拟阶段（%1 × %2 = %3 个模型块）超过模型的 %4 层：每块至少需要一层</translation>
    </message>
    <message>
        <source>tensor x pipeline (%1) exceeds the candidate&apos;s %2 GPUs</source>
        <translation>张量并行 × 流水线并行（%1）超过候选的 %2 张 GPU</translation>
    </message>
    <message>
        <source>tensor x pipeline x context (%1) exceeds the candidate&apos;s %2 GPUs</source>
        <translation>张量并行 × 流水线并行 × 上下文并行（%1）超过候选的 %2 张 GPU</translation>
    </message>
    <message>
        <source>tensor x pipeline (%1) does not divide the candidate&apos;s %2 GPUs</source>
        <translation>张量并行 × 流水线并行（%1）不能整除候选的 %2 张 GPU</translation>
    </message>
    <message>
        <source>tensor x pipeline x context (%1) does not divide the candidate&apos;s %2 GPUs</source>
        <translation>张量并行 × 流水线并行 × 上下文并行（%1）不能整除候选的 %2 张 GPU</translation>
    </message>
    <message>
        <source>%1 replicas of tensor x pipeline = %2 GPUs need %3 GPUs; the candidate has %4</source>
        <translation>%1 个副本、每个张量并行 × 流水线并行 = %2 张 GPU，共需 %3 张 GPU；候选只有 %4 张</translation>
    </message>
    <message>
        <source> (%1 &quot;%2&quot;)</source>
        <translation>（%1“%2”）</translation>
    </message>
    <message>
        <source>is required: a positive integer</source>
        <translation>为必填项：一个正整数</translation>
    </message>
    <message>
        <source>must be a positive integer, got %1</source>
        <translation>必须为正整数，输入为 %1</translation>
    </message>
    <message>
        <source>must not be negative</source>
        <translation>不能为负数</translation>
    </message>
    <message>
        <source>must divide hidden_size (%1 is not a multiple of %2), or give head_dim</source>
        <translation>必须整除隐藏层维度（%1 不是 %2 的倍数），或给出每头维度</translation>
    </message>
    <message>
        <source>must not exceed num_attention_heads (%1), got %2</source>
        <translation>不能超过注意力头数（%1），输入为 %2</translation>
    </message>
    <message>
        <source>must divide num_attention_heads (%1), got %2</source>
        <translation>必须整除注意力头数（%1），输入为 %2</translation>
    </message>
    <message>
        <source>must be between 1 and num_experts (%1), got %2</source>
        <translation>必须在 1 到专家数（%1）之间，输入为 %2</translation>
    </message>
    <message>
        <source>must be between 0 and num_layers</source>
        <translation>必须在 0 到模型层数之间</translation>
    </message>
    <message>
        <source>must be at least 1</source>
        <translation>必须至少为 1</translation>
    </message>
    <message>
        <source>the architecture has %1 parameters, more than the 1e13 supported</source>
        <translation>该架构有 %1 个参数，超过支持的上限 1e13</translation>
    </message>
    <message>
        <source>must be a positive number, got %1</source>
        <translation>必须为正数，输入为 %1</translation>
    </message>
    <message>
        <source>give a preset, an architecture or a parameter count</source>
        <translation>请给出预设模型、架构或参数量</translation>
    </message>
    <message>
        <source>has the character &apos;%1&apos; where a layer (E embedding, t decoder layer, m MTP layer, L loss), &apos;|&apos; (a stage boundary), &quot;*n&quot;, &quot;(...)*n&quot; or a comma goes</source>
        <translation>含有字符“%1”，而此处应为层（E 嵌入层、t 解码器层、m MTP 层、L 损失）、“|”（段的分界）、“*n”、“(...)*n”或逗号</translation>
    </message>
    <message>
        <source>repeats the layout to more than %1 characters</source>
        <translation>把布局重复展开后超过 %1 个字符</translation>
    </message>
    <message>
        <source>lists %1 stages, but pipeline x virtual_stages is %2 x %3 = %4 (Megatron takes the virtual stages from the layout: its stages / pipeline)</source>
        <translation>列出了 %1 段，但 pipeline x virtual_stages 为 %2 x %3 = %4（Megatron 由布局得出虚拟段数：段数 / 流水线并行度）</translation>
    </message>
    <message>
        <source>must begin with the embedding E</source>
        <translation>必须以嵌入层 E 开头</translation>
    </message>
    <message>
        <source>must end with the loss L</source>
        <translation>必须以损失 L 结尾</translation>
    </message>
    <message>
        <source>must hold the embedding E exactly once</source>
        <translation>必须恰好包含一次嵌入层 E</translation>
    </message>
    <message>
        <source>must hold the loss L exactly once</source>
        <translation>必须恰好包含一次损失 L</translation>
    </message>
    <message>
        <source>holds %1 decoder layers t, but the model has %2</source>
        <translation>含 %1 个解码器层 t，但模型有 %2 层</translation>
    </message>
    <message>
        <source>holds %1 MTP layers m, but workload.mtp_layers is %2</source>
        <translation>含 %1 个 MTP 层 m，但 workload.mtp_layers 为 %2</translation>
    </message>
    <message>
        <source>must place every decoder layer t before the MTP layers m</source>
        <translation>必须把所有解码器层 t 放在 MTP 层 m 之前</translation>
    </message>
    <message>
        <source>must place all MTP layers m in one stage</source>
        <translation>必须把所有 MTP 层 m 放在同一段</translation>
    </message>
    <message>
        <source>must place the MTP layers m in the last virtual stage of their pipeline rank</source>
        <translation>必须把 MTP 层 m 放在其流水线 rank 的最后一个虚拟段</translation>
    </message>
    <message>
        <source>Megatron&apos;s pipeline layouts hold decoder-only models (an encoder is not supported)</source>
        <translation>Megatron 的流水线布局只适用于仅解码器模型（不支持编码器）</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot;: the other pipeline ranks&apos; layers do not split evenly (Megatron asserts they do): the plan&apos;s layout stays</source>
        <translation>%1 “%2”：其余流水线 rank 的层无法均分（Megatron 要求均分）：计划的布局保持不变</translation>
    </message>
    <message>
        <source>not valid JSON: a NUL byte at line %1</source>
        <translation>不是有效的 JSON：第 %1 行有 NUL 字节</translation>
    </message>
    <message>
        <source>not valid JSON: nested deeper than %1 levels at line %2</source>
        <translation>不是有效的 JSON：第 %2 行的嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>not valid JSON at line %1, column %2: %3</source>
        <translation>不是有效的 JSON（第 %1 行第 %2 列）：%3</translation>
    </message>
    <message>
        <source>not valid JSON at line %1, column %2: the number %3 is too large for a double</source>
        <translation>不是有效的 JSON（第 %1 行第 %2 列）：数字 %3 超出双精度浮点数的范围</translation>
    </message>
    <message>
        <source>not valid JSON: a number is too large for a double</source>
        <translation>不是有效的 JSON：有数字超出双精度浮点数的范围</translation>
    </message>
    <message>
        <source> (is the file complete?)</source>
        <translation>（文件是否完整？）</translation>
    </message>
    <message>
        <source>must be an object, got %1</source>
        <translation>必须为对象，输入为 %1</translation>
    </message>
    <message>
        <source>must be a string, got %1</source>
        <translation>必须为字符串，输入为 %1</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <source>must be an array of strings, got %1</source>
        <translation>必须为字符串数组，输入为 %1</translation>
    </message>
    <message>
        <source>unknown value &quot;%1&quot;; expected one of: %2</source>
        <translation>未知的值“%1”；应为以下之一：%2</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>必须为对象</translation>
    </message>
    <message>
        <source>not UTF-8 text (byte %1); save the file as UTF-8</source>
        <translation>不是 UTF-8 文本（第 %1 字节）；请将文件另存为 UTF-8</translation>
    </message>
    <message>
        <source>a NUL byte is not text</source>
        <translation>NUL 字节不是文本</translation>
    </message>
    <message>
        <source>a control character (byte %1) is not text</source>
        <translation>控制字符（字节 %1）不是文本</translation>
    </message>
    <message>
        <source>not valid TOML: %1</source>
        <translation>不是有效的 TOML：%1</translation>
    </message>
    <message>
        <source>not valid YAML: %1</source>
        <translation>不是有效的 YAML：%1</translation>
    </message>
    <message>
        <source>a tab indents this line; YAML indents with spaces only</source>
        <translation>此行用制表符缩进；YAML 只能用空格缩进</translation>
    </message>
    <message>
        <source>a list or a mapping where a name or a value belongs (%1)</source>
        <translation>应为名称或值的位置出现了列表或映射（%1）</translation>
    </message>
    <message>
        <source>a launch YAML is a mapping of fields; this file is not</source>
        <translation>启动 YAML 应为字段的映射；此文件不是</translation>
    </message>
    <message>
        <source>not a launch file GPU Planner reads (no training or serving fields)</source>
        <translation>不是 GPU Planner 能读取的启动文件（没有训练或推理服务字段）</translation>
    </message>
    <message>
        <source>no launch command found (vllm serve, python -m sglang.launch_server, trtllm-serve, or a Megatron pretrain_*.py run)</source>
        <translation>未找到启动命令（vllm serve、python -m sglang.launch_server、trtllm-serve 或运行 Megatron 的 pretrain_*.py）</translation>
    </message>
    <message>
        <source>no container runs a launch command GPU Planner reads</source>
        <translation>没有容器运行 GPU Planner 能读取的启动命令</translation>
    </message>
    <message>
        <source>a DeepSpeed config is a JSON object</source>
        <translation>DeepSpeed 配置应为 JSON 对象</translation>
    </message>
    <message>
        <source>not a DeepSpeed config (no zero_optimization or batch fields); a JSON launch file must be one</source>
        <translation>不是 DeepSpeed 配置（没有 zero_optimization 或批大小字段）；JSON 启动文件必须是 DeepSpeed 配置</translation>
    </message>
    <message>
        <source>must be a whole number of at least 1</source>
        <translation>必须为不小于 1 的整数</translation>
    </message>
    <message>
        <source>must be a whole number of at least 1, got &quot;%1&quot;</source>
        <translation>必须为不小于 1 的整数，输入为“%1”</translation>
    </message>
    <message>
        <source>expected a --flag of %1 here</source>
        <translation>此处应为 %1 的 --参数</translation>
    </message>
    <message>
        <source>expected a flag of llama-server here</source>
        <translation>此处应为 llama-server 的参数</translation>
    </message>
    <message>
        <source>not a Megatron-LM flag (megatron/training/arguments.py at commit %1)</source>
        <translation>不是 Megatron-LM 的参数（以提交 %1 的 megatron/training/arguments.py 为准）</translation>
    </message>
    <message>
        <source>needs a value</source>
        <translation>需要一个值</translation>
    </message>
    <message>
        <source>needs a value, got a list or a mapping</source>
        <translation>需要一个值，输入为列表或映射</translation>
    </message>
    <message>
        <source>needs a number, got &quot;%1&quot;</source>
        <translation>需要数字，输入为“%1”</translation>
    </message>
    <message>
        <source>needs a number of layers, got &quot;%1&quot;</source>
        <translation>需要层数，输入为“%1”</translation>
    </message>
    <message>
        <source>needs a positive whole number, got &quot;%1&quot;</source>
        <translation>需要正整数，输入为“%1”</translation>
    </message>
    <message>
        <source> (plan field %1)</source>
        <translation>（方案字段 %1）</translation>
    </message>
    <message>
        <source>unterminated &apos; quote</source>
        <translation>单引号 &apos; 未闭合</translation>
    </message>
    <message>
        <source>unterminated &quot; quote</source>
        <translation>双引号 &quot; 未闭合</translation>
    </message>
    <message>
        <source>unterminated array %1=( ... )</source>
        <translation>数组 %1=( ... ) 未闭合</translation>
    </message>
    <message>
        <source>unterminated %1</source>
        <translation>%1 未闭合</translation>
    </message>
    <message>
        <source>invalid JSON: a NUL byte at offset %1</source>
        <translation>无效的 JSON：偏移 %1 处有 NUL 字节</translation>
    </message>
    <message>
        <source>a config.json must be a JSON object</source>
        <translation>config.json 必须为 JSON 对象</translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation>无效的 JSON：%1</translation>
    </message>
    <message>
        <source>Nemotron-H MoE blocks (&quot;E&quot;) are not modelled yet</source>
        <translation>尚未对 Nemotron-H 的 MoE 块（“E”）建模</translation>
    </message>
    <message>
        <source>blocks other than Mamba2 (M), attention (*) and MLP (-) are not modelled</source>
        <translation>除 Mamba2（M）、注意力（*）和 MLP（-）外的块未建模</translation>
    </message>
    <message>
        <source>has %1 blocks, num_hidden_layers says %2</source>
        <translation>有 %1 个块，而 num_hidden_layers 为 %2</translation>
    </message>
    <message>
        <source>must be a size of at most 4096 routed experts&apos; width, got %1</source>
        <translation>必须至多为 4096 个路由专家的宽度，输入为 %1</translation>
    </message>
    <message>
        <source>must be CNY or USD, got &quot;%1&quot;</source>
        <translation>必须为 CNY 或 USD，输入为“%1”</translation>
    </message>
    <message>
        <source>the instance type &quot;%1&quot; holds a control character; nothing imported</source>
        <translation>实例类型“%1”含有控制字符；未导入任何内容</translation>
    </message>
    <message>
        <source>the zone &quot;%1&quot; of %2 holds a control character; nothing imported</source>
        <translation>%2 的可用区“%1”含有控制字符；未导入任何内容</translation>
    </message>
    <message>
        <source>this %1 quote does not name its instance: pass --instance %2:NAME</source>
        <translation>此 %1 报价未指明实例：请用 --instance %2:名称 指定</translation>
    </message>
    <message>
        <source>--instance %1 is not a %2 instance, but the file is %3 output</source>
        <translation>--instance %1 不是 %2 的实例，而文件是 %3 的输出</translation>
    </message>
    <message>
        <source>the file&apos;s prices are in %1; only CNY and USD are supported</source>
        <translation>文件中的价格以 %1 计；只支持 CNY 和 USD</translation>
    </message>
    <message>
        <source>the file&apos;s prices are in %1, but --currency says %2</source>
        <translation>文件中的价格以 %1 计，但 --currency 为 %2</translation>
    </message>
    <message>
        <source>%1 output does not say its currency: pass --currency CNY (China site) or --currency USD (international site)</source>
        <translation>%1 的输出未注明币种：请指定 --currency CNY（中国站）或 --currency USD（国际站）</translation>
    </message>
    <message>
        <source>has no UnitPrice, UnitPriceDiscount, DiscountPrice or OriginalPrice</source>
        <translation>没有 UnitPrice、UnitPriceDiscount、DiscountPrice 或 OriginalPrice</translation>
    </message>
    <message>
        <source>this is a prepaid quote (a total for the Period you asked): pass --months N</source>
        <translation>这是包年包月报价（所询时长 Period 的总价）：请用 --months N 指定月数</translation>
    </message>
    <message>
        <source>mixes currencies %1 and %2</source>
        <translation>混用了 %1 和 %2 两种币种</translation>
    </message>
    <message>
        <source>the file prices %1 in several regions (%2): pass --region to choose one</source>
        <translation>文件给出了 %1 在多个地域的价格（%2）：请用 --region 选择一个</translation>
    </message>
    <message>
        <source>is too large for an hourly price: pass --months N</source>
        <translation>作为按小时价格过大：请用 --months N 指定月数</translation>
    </message>
    <message>
        <source>the file is an error response: %1: %2</source>
        <translation>文件是一个错误响应：%1：%2</translation>
    </message>
    <message>
        <source>not a cloud listing this program reads: expected the JSON that tccli cvm DescribeZoneInstanceConfigInfos or InquiryPriceRunInstances, aws ec2 describe-instance-types, aws pricing get-products, or aliyun ecs DescribeInstanceTypes, DescribeAvailableResource or DescribePrice prints</source>
        <translation>不是本程序能读取的云厂商清单：应为以下命令输出的 JSON：tccli cvm 的 DescribeZoneInstanceConfigInfos 或 InquiryPriceRunInstances，aws ec2 describe-instance-types，aws pricing get-products，或 aliyun ecs 的 DescribeInstanceTypes、DescribeAvailableResource 或 DescribePrice</translation>
    </message>
    <message>
        <source>must be an object such as {&quot;every_weeks&quot;: 2}</source>
        <translation>必须为对象，例如 {&quot;every_weeks&quot;: 2}</translation>
    </message>
    <message>
        <source>needs exactly one of every_weeks and every_months</source>
        <translation>every_weeks 和 every_months 必须且只能给出一个</translation>
    </message>
    <message>
        <source>month %1 is past the horizon of %2 months</source>
        <translation>第 %1 个月超出了 %2 个月的规划期</translation>
    </message>
    <message>
        <source>months %1 to %2 go past the horizon of %3 months</source>
        <translation>第 %1 到第 %2 个月超出了 %3 个月的规划期</translation>
    </message>
    <message>
        <source>must be between start_month (%1) and the horizon (%2)</source>
        <translation>必须在 start_month（%1）与规划期（%2）之间</translation>
    </message>
    <message>
        <source>is required with runs above 1 or until_month</source>
        <translation>在 runs 大于 1 或给出 until_month 时为必填项</translation>
    </message>
    <message>
        <source>must be a list of rates, one per month</source>
        <translation>必须为速率列表，每月一个</translation>
    </message>
    <message>
        <source>a rate cannot be negative, got %1</source>
        <translation>速率不能为负，输入为 %1</translation>
    </message>
    <message>
        <source>needs exactly one of requests_per_second and requests_per_second_by_month</source>
        <translation>requests_per_second 和 requests_per_second_by_month 必须且只能给出一个</translation>
    </message>
    <message>
        <source>the path is empty</source>
        <translation>路径为空</translation>
    </message>
    <message>
        <source>must be a plan object or a path, got %1</source>
        <translation>必须为方案对象或路径，输入为 %1</translation>
    </message>
    <message>
        <source>is required (start_month at least)</source>
        <translation>为必填项（至少给出 start_month）</translation>
    </message>
    <message>
        <source>a budget item is training or serving, not inference</source>
        <translation>预算条目应为训练或推理服务，不能是推理</translation>
    </message>
    <message>
        <source>names exactly one of instance and gpu</source>
        <translation>instance 和 gpu 必须且只能给出一个</translation>
    </message>
    <message>
        <source>needs max_instances or max_gpus</source>
        <translation>需要 max_instances 或 max_gpus</translation>
    </message>
    <message>
        <source>is more than the purchase price</source>
        <translation>高于购买价格</translation>
    </message>
    <message>
        <source>unknown billing mode &quot;%1&quot;; expected %2</source>
        <translation>未知的计费方式“%1”；应为 %2</translation>
    </message>
    <message>
        <source>must map a provider to its regions, e.g. {&quot;tencent&quot;: [&quot;ap-nanjing&quot;]}</source>
        <translation>必须把云厂商映射到其地域，例如 {&quot;tencent&quot;: [&quot;ap-nanjing&quot;]}</translation>
    </message>
    <message>
        <source>lists no region</source>
        <translation>未列出任何地域</translation>
    </message>
    <message>
        <source>must be &quot;gpu-planner-budget&quot;, got &quot;%1&quot;</source>
        <translation>必须为“gpu-planner-budget”，输入为“%1”</translation>
    </message>
    <message>
        <source>a cap of 0 allows nothing; leave it out for no cap</source>
        <translation>上限为 0 则什么都不允许；不设上限请省略此项</translation>
    </message>
    <message>
        <source>must be a list</source>
        <translation>必须为列表</translation>
    </message>
    <message>
        <source>a budget is a JSON object</source>
        <translation>预算应为 JSON 对象</translation>
    </message>
    <message>
        <source>must list at least one item</source>
        <translation>必须至少列出一个条目</translation>
    </message>
    <message>
        <source>at most %1 items</source>
        <translation>至多 %1 个条目</translation>
    </message>
    <message>
        <source>%1: </source>
        <translation>%1：</translation>
    </message>
    <message>
        <source>must be &quot;%1&quot;, got &quot;%2&quot;</source>
        <translation>必须为“%1”，输入为“%2”</translation>
    </message>
    <message>
        <source>must be &quot;CNY&quot; or &quot;USD&quot;, got &quot;%1&quot;</source>
        <translation>必须为“CNY”或“USD”，输入为“%1”</translation>
    </message>
    <message>
        <source>must be &quot;published&quot;, &quot;estimate&quot;, &quot;missing&quot;, &quot;user&quot; or &quot;quoted&quot;, got &quot;%1&quot;</source>
        <translation>必须为“published”、“estimate”、“missing”、“user”或“quoted”，输入为“%1”</translation>
    </message>
    <message>
        <source>is &quot;missing&quot; but the price gives a figure</source>
        <translation>为“missing”，但价格给出了数值</translation>
    </message>
    <message>
        <source>unknown price field (expected currency, on_demand_per_hour, monthly, spot_discount, reserved_discount, status, source, as_of, note, region or zone)</source>
        <translation>未知的价格字段（应为 currency、on_demand_per_hour、monthly、spot_discount、reserved_discount、status、source、as_of、note、region 或 zone）</translation>
    </message>
    <message>
        <source>must be an array of {&quot;zone&quot;, &quot;status&quot;}</source>
        <translation>必须为 {&quot;zone&quot;, &quot;status&quot;} 的数组</translation>
    </message>
    <message>
        <source>must be &quot;in_stock&quot;, &quot;limited&quot; or &quot;sold_out&quot;, got &quot;%1&quot;</source>
        <translation>必须为“in_stock”、“limited”或“sold_out”，输入为“%1”</translation>
    </message>
    <message>
        <source>local_nvme_gb and local_nvme_drives go together (both or neither)</source>
        <translation>local_nvme_gb 与 local_nvme_drives 须同时给出或同时省略</translation>
    </message>
    <message>
        <source>must be &quot;published&quot; or &quot;estimate&quot;, got &quot;%1&quot;</source>
        <translation>必须为“published”或“estimate”，输入为“%1”</translation>
    </message>
    <message>
        <source>must be &quot;provider:NAME&quot;, got &quot;%1&quot;</source>
        <translation>必须为“云厂商:名称”（provider:NAME），输入为“%1”</translation>
    </message>
    <message>
        <source>must be an array</source>
        <translation>必须为数组</translation>
    </message>
    <message>
        <source>is required (an other price names the region it applies to)</source>
        <translation>为必填项（其他价格须注明适用的地域）</translation>
    </message>
    <message>
        <source>is defined twice</source>
        <translation>重复定义</translation>
    </message>
    <message>
        <source>must be a list of profiles</source>
        <translation>必须为配置文件列表</translation>
    </message>
    <message>
        <source>must not exceed the GPU&apos;s sm_count (%1)</source>
        <translation>不能超过该 GPU 的 sm_count（%1）</translation>
    </message>
    <message>
        <source>needs the GPU&apos;s sm_count</source>
        <translation>需要该 GPU 的 sm_count</translation>
    </message>
    <message>
        <source>must not exceed the GPU&apos;s memory_gib</source>
        <translation>不能超过该 GPU 的 memory_gib</translation>
    </message>
    <message>
        <source>must not exceed memory_gib (%1 GiB), got %2 MiB</source>
        <translation>不能超过 memory_gib（%1 GiB），输入为 %2 MiB</translation>
    </message>
    <message>
        <source>&quot;%1&quot; holds a control character</source>
        <translation>“%1”含有控制字符</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is already defined by %2[%3]</source>
        <translation>“%1”已由 %2[%3] 定义</translation>
    </message>
    <message>
        <source>must be an object keyed by instance id</source>
        <translation>必须为以实例 ID 为键的对象</translation>
    </message>
    <message>
        <source>the instance id &quot;%1&quot; holds a control character</source>
        <translation>实例 ID“%1”含有控制字符</translation>
    </message>
    <message>
        <source>gives no price: set on_demand_per_hour, monthly, spot_discount or reserved_discount</source>
        <translation>未给出价格：请设置 on_demand_per_hour、monthly、spot_discount 或 reserved_discount</translation>
    </message>
    <message>
        <source> (nothing was written; the file is unchanged)</source>
        <translation>（未写入任何内容；文件保持不变）</translation>
    </message>
    <message>
        <source>is a price sheet (CSV), which cannot hold imported sizes and stock: give a .json overrides file; the file is unchanged</source>
        <translation>是价格表（CSV），无法保存导入的规格与库存：请指定 .json 覆盖文件；文件保持不变</translation>
    </message>
    <message>
        <source>is a number written as text (%1); write it without quotes</source>
        <translation>是写成文本的数字（%1）；请去掉引号</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>optimizer or initialisation hyper-parameter: no effect on memory or time</source>
        <translation>优化器或初始化超参数：不影响显存和时间</translation>
    </message>
    <message>
        <source>logging, evaluation or checkpoint files: no effect on the planned memory or time</source>
        <translation>日志、评估或检查点文件：不影响规划的显存和时间</translation>
    </message>
    <message>
        <source>data and tokenizer files: data loading is assumptions.disk_throughput_mbps</source>
        <translation>数据与分词器文件：数据加载按 assumptions.disk_throughput_mbps 计</translation>
    </message>
    <message>
        <source>communication overlap and buckets: assumptions.communication_overlap covers them</source>
        <translation>通信重叠与分桶：由 assumptions.communication_overlap 涵盖</translation>
    </message>
    <message>
        <source>a Megatron-LM flag GPU Planner does not model</source>
        <translation>GPU Planner 未建模的 Megatron-LM 参数</translation>
    </message>
    <message>
        <source>not a Megatron-LM argument GPU Planner reads</source>
        <translation>不是 GPU Planner 读取的 Megatron-LM 参数</translation>
    </message>
    <message>
        <source>a recompute module GPU Planner does not model (its activations are counted as kept)</source>
        <translation>GPU Planner 未建模的重计算模块（其激活值按保留计）</translation>
    </message>
    <message>
        <source>moments at different or fp8 widths are not modelled: both are counted at fp32 unless both are 16-bit</source>
        <translation>两个动量位宽不同或为 fp8 时未建模：除非两者都是 16 位，否则都按 fp32 计</translation>
    </message>
    <message>
        <source>not a gradient width GPU Planner reads</source>
        <translation>不是 GPU Planner 读取的梯度位宽</translation>
    </message>
    <message>
        <source>launcher option: the planner chooses the nodes and GPUs (candidates[].nodes)</source>
        <translation>启动器选项：节点数与 GPU 数由规划器选择（candidates[].nodes）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of the model library&apos;s presets; choose the model in the plan (or import its config.json)</source>
        <translation>&quot;%1&quot; 不是模型库中的预设；请在方案中选择模型（或导入其 config.json）</translation>
    </message>
    <message>
        <source>%1 is not evaluated</source>
        <translation>%1 未求值</translation>
    </message>
    <message>
        <source>condition &quot;%1&quot; is not evaluated (counted false)</source>
        <translation>条件 &quot;%1&quot; 未求值（按假计）</translation>
    </message>
    <message>
        <source>engine copies are replicas: the planner sizes workload.serving.replicas for the load</source>
        <translation>引擎副本即副本数：规划器按负载确定 workload.serving.replicas</translation>
    </message>
    <message>
        <source>experts are spread over the tensor-parallel GPUs here (workload.parallelism.expert)</source>
        <translation>此处专家分布在张量并行的 GPU 上（workload.parallelism.expert）</translation>
    </message>
    <message>
        <source>the hit rate depends on the traffic: set workload.serving.engine.prefix_cache_hit_rate</source>
        <translation>命中率取决于流量：请设置 workload.serving.engine.prefix_cache_hit_rate</translation>
    </message>
    <message>
        <source>no prefix cache: the plan&apos;s prefix_cache_hit_rate 0 is the same</source>
        <translation>不用前缀缓存：与方案中 prefix_cache_hit_rate 为 0 相同</translation>
    </message>
    <message>
        <source>the serving model always chunks prefills to max_num_batched_tokens (vLLM V1)</source>
        <translation>服务模型总是按 max_num_batched_tokens 分块预填充（vLLM V1）</translation>
    </message>
    <message>
        <source>server setting: no effect on memory or speed</source>
        <translation>服务器设置：不影响显存和速度</translation>
    </message>
    <message>
        <source>logging: no effect on memory or speed</source>
        <translation>日志：不影响显存和速度</translation>
    </message>
    <message>
        <source>API feature: no effect on memory or speed</source>
        <translation>API 功能：不影响显存和速度</translation>
    </message>
    <message>
        <source>API documentation: no effect on memory or speed</source>
        <translation>API 文档：不影响显存和速度</translation>
    </message>
    <message>
        <source>the slots are sharded as vLLM&apos;s default (half the LoRA computation tensor-parallel)</source>
        <translation>槽位按 vLLM 的默认方式分片（LoRA 计算一半为张量并行）</translation>
    </message>
    <message>
        <source>nodes: the planner chooses the candidate&apos;s node count</source>
        <translation>节点：候选的节点数由规划器选择</translation>
    </message>
    <message>
        <source>which node this command runs on: one command per node</source>
        <translation>此命令运行在哪个节点：每个节点一条命令</translation>
    </message>
    <message>
        <source>the first node&apos;s address: no effect on memory or speed</source>
        <translation>首个节点的地址：不影响显存和速度</translation>
    </message>
    <message>
        <source>compilation is in the catalog&apos;s per-step overhead</source>
        <translation>编译已计入目录的每步开销</translation>
    </message>
    <message>
        <source>the LoRA kernels&apos; time is the catalog&apos;s serving.lora kernel latency</source>
        <translation>LoRA 内核的时间取目录中 serving.lora 的内核延迟</translation>
    </message>
    <message>
        <source>adapters leave the GPU slots least recently used, as the serving model counts them</source>
        <translation>适配器按最近最少使用移出 GPU 槽位，与服务模型的计法相同</translation>
    </message>
    <message>
        <source>context parallelism of serving is not modelled</source>
        <translation>未对服务的上下文并行建模</translation>
    </message>
    <message>
        <source>GPUs per node: the candidate&apos;s node gives them</source>
        <translation>每节点 GPU 数：由候选的节点决定</translation>
    </message>
    <message>
        <source>beam search is not modelled: one sequence per request</source>
        <translation>未对束搜索建模：每个请求一个序列</translation>
    </message>
    <message>
        <source>runtime backend: the catalog&apos;s TensorRT-LLM defaults are those of its PyTorch backend</source>
        <translation>运行时后端：目录中 TensorRT-LLM 的默认值取自其 PyTorch 后端</translation>
    </message>
    <message>
        <source>the serving model always chunks prefills to the step&apos;s token budget</source>
        <translation>服务模型总是按每步的词元预算分块预填充</translation>
    </message>
    <message>
        <source>front-end workers: in the catalog&apos;s per-request overhead</source>
        <translation>前端工作进程：已计入目录的每请求开销</translation>
    </message>
    <message>
        <source>a cap on the KV tokens: the serving model sizes the cache from free_gpu_memory_fraction</source>
        <translation>KV 词元上限：服务模型按 free_gpu_memory_fraction 确定缓存大小</translation>
    </message>
    <message>
        <source>attention data parallelism is not modelled: attention runs tensor-parallel here</source>
        <translation>未对注意力数据并行建模：此处注意力按张量并行运行</translation>
    </message>
    <message>
        <source>the plan generates the engine&apos;s capture sizes only up to %1 (catalog serving.engine.%2.cuda_graph_batch_sizes): list the sizes themselves for a larger one</source>
        <translation>本方案只生成引擎至 %1 为止的捕获大小（目录 serving.engine.%2.cuda_graph_batch_sizes）：更大的请直接列出各个大小</translation>
    </message>
    <message>
        <source>%1 gives the capture sizes, which the engine takes instead</source>
        <translation>%1 给出了捕获大小，引擎以它为准</translation>
    </message>
    <message>
        <source>with --disable-cuda-graph-padding no batch is padded (the plan&apos;s []): these sizes only choose which batches run a graph, which the catalog&apos;s per-step overhead stands for</source>
        <translation>使用 --disable-cuda-graph-padding 时不填充任何批（方案中的 []）：这些大小只决定哪些批用 CUDA 图运行，这由目录的每步开销代表</translation>
    </message>
    <message>
        <source>with speculative decoding SGLang generates other sizes up to this than the catalog&apos;s default list: list the sizes themselves (--cuda-graph-bs)</source>
        <translation>使用投机解码时，SGLang 生成至此为止的大小不同于目录的默认列表：请直接列出各个大小（--cuda-graph-bs）</translation>
    </message>
    <message>
        <source>vLLM 0.11 and later generate their sizes up to this by another rule than the catalog&apos;s vLLM 0.10 list: list the sizes themselves (cudagraph_capture_sizes)</source>
        <translation>vLLM 0.11 及以后版本按不同于目录中 vLLM 0.10 列表的规则生成至此为止的大小：请直接列出各个大小（cudagraph_capture_sizes）</translation>
    </message>
    <message>
        <source>compilation settings other than cudagraph_capture_sizes are in the catalog&apos;s per-step overhead</source>
        <translation>cudagraph_capture_sizes 以外的编译设置已计入目录的每步开销</translation>
    </message>
    <message>
        <source>CUDA graphs are in the catalog&apos;s per-step overhead</source>
        <translation>CUDA 图已计入目录的每步开销</translation>
    </message>
    <message>
        <source>the MoE kernel backend: the catalog&apos;s MoE efficiencies stand for it</source>
        <translation>MoE 内核后端：由目录中的 MoE 效率代表</translation>
    </message>
    <message>
        <source>the serving model always chunks prefills to the step&apos;s token budget (max_num_tokens)</source>
        <translation>服务模型总是按每步的词元预算分块预填充（max_num_tokens）</translation>
    </message>
    <message>
        <source>how often tokens are streamed to the client: no effect on the steps</source>
        <translation>向客户端流式发送词元的频率：不影响各步</translation>
    </message>
    <message>
        <source>the overlap of CPU scheduling with the GPU step is in the catalog&apos;s per-step overhead</source>
        <translation>CPU 调度与 GPU 步骤的重叠已计入目录的每步开销</translation>
    </message>
    <message>
        <source>speculative decoding is not modelled here</source>
        <translation>此处未对推测解码建模</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: the model&apos;s own dtype (the plan&apos;s precision stays)</source>
        <translation>&quot;%1&quot;：模型自身的数据类型（方案的精度不变）</translation>
    </message>
    <message>
        <source>quantization &quot;%1&quot; is not a weight format GPU Planner models</source>
        <translation>量化方式 &quot;%1&quot; 不是 GPU Planner 建模的权重格式</translation>
    </message>
    <message>
        <source>the plan&apos;s adapters target q_proj and v_proj, the four attention projections or all linear layers (workload.serving.lora.targets): set the nearest</source>
        <translation>方案中的适配器作用于 q_proj 与 v_proj、四个注意力投影或全部线性层（workload.serving.lora.targets）：请设为最接近的一种</translation>
    </message>
    <message>
        <source>a %1 flag GPU Planner does not model</source>
        <translation>GPU Planner 未建模的 %1 参数</translation>
    </message>
    <message>
        <source>a TensorRT-LLM LLM API option GPU Planner does not model</source>
        <translation>GPU Planner 未建模的 TensorRT-LLM LLM API 选项</translation>
    </message>
    <message>
        <source>optimizer &quot;%1&quot; is not one GPU Planner models</source>
        <translation>优化器“%1”不是 GPU Planner 建模的优化器</translation>
    </message>
    <message>
        <source>a training option GPU Planner does not model</source>
        <translation>GPU Planner 未建模的训练选项</translation>
    </message>
    <message>
        <source>optimizer hyper-parameter: no effect on memory or time</source>
        <translation>优化器超参数：不影响显存和时间</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>bucket sizes, overlap and gathering: assumptions.communication_overlap covers them</source>
        <translation>分桶大小、重叠与收集：由 assumptions.communication_overlap 涵盖</translation>
    </message>
    <message>
        <source>pinned buffers and NVMe paths: not modelled</source>
        <translation>锁页缓冲区与 NVMe 路径：未建模</translation>
    </message>
    <message>
        <source>NVMe offload is planned as CPU offload (the PCIe traffic is the same; the disk&apos;s speed is not modelled)</source>
        <translation>NVMe 卸载按 CPU 卸载规划（PCIe 流量相同；未建模磁盘速度）</translation>
    </message>
    <message>
        <source>&quot;auto&quot;: the Hugging Face Trainer&apos;s arguments fill it in</source>
        <translation>“auto”：由 Hugging Face 训练器（Trainer）的参数填入</translation>
    </message>
    <message>
        <source>&quot;auto&quot;: the Hugging Face Trainer&apos;s bf16/fp16 decide</source>
        <translation>“auto”：由 Hugging Face 训练器（Trainer）的 bf16/fp16 决定</translation>
    </message>
    <message>
        <source>loss scaling: no effect on the planned memory or time</source>
        <translation>损失缩放：不影响规划的显存和时间</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s checkpointing runs where the model code calls it; set workload.activation_checkpointing</source>
        <translation>DeepSpeed 的检查点在模型代码调用处运行；请设置 workload.activation_checkpointing</translation>
    </message>
    <message>
        <source>GPU Planner&apos;s header: what the file was planned for</source>
        <translation>GPU Planner 的文件头：说明该文件为何而规划</translation>
    </message>
    <message>
        <source>a DeepSpeed option GPU Planner does not model</source>
        <translation>GPU Planner 未建模的 DeepSpeed 选项</translation>
    </message>
    <message>
        <source>quantized loading goes with a LoRA adapter here (technique qlora or lora)</source>
        <translation>此处量化加载须配合 LoRA 适配器（技术 qlora 或 lora）</translation>
    </message>
    <message>
        <source>not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <source>not a number of tokens</source>
        <translation>不是 token 数</translation>
    </message>
    <message>
        <source>no sharding strategy GPU Planner knows in &quot;%1&quot;</source>
        <translation>“%1”中没有 GPU Planner 认识的分片策略</translation>
    </message>
    <message>
        <source>FSDP wrapping and state-dict details: no effect on the planned memory or time</source>
        <translation>FSDP 包装与状态字典细节：不影响规划的显存和时间</translation>
    </message>
    <message>
        <source>the run&apos;s length in epochs or steps: set workload.training_tokens from the data set&apos;s tokens</source>
        <translation>以轮数或步数表示的运行长度：请按数据集的 token 数设置 workload.training_tokens</translation>
    </message>
    <message>
        <source>data set and template: data loading is assumptions.disk_throughput_mbps</source>
        <translation>数据集与模板：数据加载按 assumptions.disk_throughput_mbps 计</translation>
    </message>
    <message>
        <source>logging, evaluation and saving: no effect on the planned memory or time</source>
        <translation>日志、评估与保存：不影响规划的显存和时间</translation>
    </message>
    <message>
        <source>the training stage: preference and RL stages (dpo, kto, ppo, rm) keep reference or reward models the plan does not count</source>
        <translation>训练阶段：偏好与强化学习阶段（dpo、kto、ppo、rm）保留的参考模型或奖励模型不计入方案</translation>
    </message>
    <message>
        <source>packing fills each sequence with several examples, the tokens per sequence the plan counts; where attention stays within each example (axolotl&apos;s sample_packing with flash attention, TRL&apos;s padding_free), set workload.document_tokens to the examples&apos; mean length</source>
        <translation>打包将多个样本填入每个序列，方案按每序列的 token 数计算；若注意力限于各样本之内（axolotl 的 sample_packing 配合 flash attention、TRL 的 padding_free），请将 workload.document_tokens 设为样本的平均长度</translation>
    </message>
    <message>
        <source>supervised fine-tuning or pre-training: the plan&apos;s training workload as it is</source>
        <translation>监督微调或预训练：即方案的训练负载本身</translation>
    </message>
    <message>
        <source>the DeepSpeed config is another file (%1): import it as well, or write it inline here</source>
        <translation>DeepSpeed 配置是另一个文件（%1）：请一并导入，或直接写在此处</translation>
    </message>
    <message>
        <source>must be a mapping of TrainArgs fields (global_batch_size, micro_batch_size, ...)</source>
        <translation>必须为 TrainArgs 字段的映射（global_batch_size、micro_batch_size 等）</translation>
    </message>
    <message>
        <source>the run&apos;s length in optimizer steps: set workload.training_tokens from the data&apos;s tokens</source>
        <translation>以优化器步数表示的运行长度：请按数据的 token 数设置 workload.training_tokens</translation>
    </message>
    <message>
        <source>logging and saving: no effect on the planned memory or time</source>
        <translation>日志与保存：不影响规划的显存和时间</translation>
    </message>
    <message>
        <source>the model&apos;s tying: the preset&apos;s architecture states it</source>
        <translation>模型的权重共享：由预设的架构给出</translation>
    </message>
    <message>
        <source>data set and tokenizer: data loading is assumptions.disk_throughput_mbps</source>
        <translation>数据集与分词器：数据加载按 assumptions.disk_throughput_mbps 计</translation>
    </message>
    <message>
        <source>evaluation: the stack&apos;s default evaluation (EvalArgs) is in the estimate</source>
        <translation>评估：该框架的默认评估（EvalArgs）已计入估算</translation>
    </message>
    <message>
        <source>logging, saving, resuming and run settings: no effect on the planned memory or time</source>
        <translation>日志、保存、续训与运行设置：不影响规划的显存和时间</translation>
    </message>
    <message>
        <source>scales the adapter&apos;s output: no effect on memory or time</source>
        <translation>缩放适配器的输出：不影响显存和时间</translation>
    </message>
    <message>
        <source>an architecture of its own: import the model&apos;s config instead</source>
        <translation>自定义架构：请改为导入模型的配置</translation>
    </message>
    <message>
        <source>quantized weights go with LoRA (finetune_lora) here</source>
        <translation>此处量化权重须配合 LoRA（finetune_lora）</translation>
    </message>
    <message>
        <source>&quot;auto&quot;: every GPU of the node, the candidates&apos; GPUs in the plan</source>
        <translation>“auto”：节点上的全部 GPU，即方案中候选的 GPU</translation>
    </message>
    <message>
        <source>without a number of devices the GPUs are the candidates&apos; in the plan</source>
        <translation>未给出设备数时，GPU 为方案中候选的 GPU</translation>
    </message>
    <message>
        <source>the plan runs llama-server&apos;s default ubatch (catalog serving.engine.llama_cpp.ubatch_size)</source>
        <translation>方案采用 llama-server 的默认 ubatch（目录 serving.engine.llama_cpp.ubatch_size）</translation>
    </message>
    <message>
        <source>the serving model counts one cache shared by the slots (unified)</source>
        <translation>服务模型按各槽位共享的一个缓存计算（统一缓存）</translation>
    </message>
    <message>
        <source>continuous batching is on by default and in the serving model</source>
        <translation>连续批处理默认开启，且已计入服务模型</translation>
    </message>
    <message>
        <source>CPU threads: no effect with every layer on the GPU</source>
        <translation>CPU 线程数：所有层都在 GPU 上时无影响</translation>
    </message>
    <message>
        <source>Q4_K_M: counted at Q4_K&apos;s 4.5 bits; its Q6_K attn_v, ffn_down (half the layers) and output add about 9% to the file</source>
        <translation>Q4_K_M：按 Q4_K 的 4.5 位计算；其 Q6_K 的 attn_v、ffn_down（一半的层）和 output 使文件增大约 9%</translation>
    </message>
    <message>
        <source>Q4_K_S: counted at Q4_K&apos;s 4.5 bits; its Q5_K attn_v and ffn_down layers are not</source>
        <translation>Q4_K_S：按 Q4_K 的 4.5 位计算；其 Q5_K 的 attn_v 和 ffn_down 层未计入</translation>
    </message>
    <message>
        <source>Q8_0: 8.5 bits, counted at int8&apos;s 8.03</source>
        <translation>Q8_0：8.5 位，按 int8 的 8.03 位计算</translation>
    </message>
    <message>
        <source>no GGUF type GPU Planner carries in &quot;%1&quot;: set workload.weight_format</source>
        <translation>“%1”中没有 GPU Planner 支持的 GGUF 类型：请设置 workload.weight_format</translation>
    </message>
    <message>
        <source>cache type &quot;%1&quot; is not one GPU Planner models (it reads %2)</source>
        <translation>缓存类型“%1”不是 GPU Planner 建模的类型（它读取 %2）</translation>
    </message>
    <message>
        <source>layers left on the CPU are not modelled: the plan puts every layer on the GPU</source>
        <translation>未建模留在 CPU 上的层：方案将所有层放在 GPU 上</translation>
    </message>
    <message>
        <source>every layer on the GPU, as the plan runs it</source>
        <translation>所有层都在 GPU 上，与方案的运行方式相同</translation>
    </message>
    <message>
        <source>auto: the plan&apos;s flash_attention stays</source>
        <translation>auto：保留方案的 flash_attention</translation>
    </message>
    <message>
        <source>without --kv-unified each slot holds --ctx-size / slots cells (src/llama-context.cpp n_ctx_seq) and refuses a longer request; the plan counts one cache the slots share</source>
        <translation>未加 --kv-unified 时，每个槽位持有 --ctx-size / 槽位数 个单元（src/llama-context.cpp n_ctx_seq），并拒绝更长的请求；方案按各槽位共享的一个缓存计算</translation>
    </message>
    <message>
        <source>split mode &quot;%1&quot;: one GPU per replica</source>
        <translation>切分模式“%1”：每个副本一块 GPU</translation>
    </message>
    <message>
        <source>job bookkeeping (folders, description): no effect on memory or time</source>
        <translation>作业记录（文件夹、描述）：不影响显存和时间</translation>
    </message>
    <message>
        <source>profiling: no effect on the planned memory or time</source>
        <translation>性能剖析：不影响规划的显存和时间</translation>
    </message>
    <message>
        <source>logging: no effect on the planned memory or time</source>
        <translation>日志：不影响规划的显存和时间</translation>
    </message>
    <message>
        <source>checkpoint saving: its time and disk are billing.checkpoint_interval_hours and storage_gib</source>
        <translation>检查点保存：其时间与磁盘按 billing.checkpoint_interval_hours 和 storage_gib 计</translation>
    </message>
    <message>
        <source>learning-rate schedule: no effect on memory or time</source>
        <translation>学习率调度：不影响显存和时间</translation>
    </message>
    <message>
        <source>validation runs are not planned</source>
        <translation>验证运行不在规划之内</translation>
    </message>
    <message>
        <source>collective timeouts and tracing: no effect on the planned time</source>
        <translation>集合通信超时与追踪：不影响规划的时间</translation>
    </message>
    <message>
        <source>experimental options are not modelled</source>
        <translation>未建模实验性选项</translation>
    </message>
    <message>
        <source>fault tolerance is not modelled (spot interruptions are billing.spot_interruptions_per_day)</source>
        <translation>未建模容错（竞价实例中断按 billing.spot_interruptions_per_day 计）</translation>
    </message>
    <message>
        <source>torchtitan&apos;s own estimator does not change the plan</source>
        <translation>torchtitan 自带的估算器不改变方案</translation>
    </message>
    <message>
        <source>not a field GPU Planner models</source>
        <translation>不是 GPU Planner 建模的字段</translation>
    </message>
    <message>
        <source>the compiler backend: the estimate of torch_compile is Inductor&apos;s (the default)</source>
        <translation>编译器后端：torch_compile 的估算按 Inductor（默认）计</translation>
    </message>
    <message>
        <source>not a compile field GPU Planner models</source>
        <translation>不是 GPU Planner 建模的编译字段</translation>
    </message>
    <message>
        <source>schedule &quot;%1&quot; is not one GPU Planner models</source>
        <translation>调度“%1”不是 GPU Planner 建模的调度</translation>
    </message>
    <message>
        <source>overlap of tensor-parallel communication: assumptions.communication_overlap covers it</source>
        <translation>张量并行通信的重叠：由 assumptions.communication_overlap 涵盖</translation>
    </message>
    <message>
        <source>not a parallelism field GPU Planner models</source>
        <translation>不是 GPU Planner 建模的并行字段</translation>
    </message>
    <message>
        <source>the data set: its loading is assumptions.disk_throughput_mbps</source>
        <translation>数据集：其加载按 assumptions.disk_throughput_mbps 计</translation>
    </message>
    <message>
        <source>training hyper-parameter: no effect on memory or time</source>
        <translation>训练超参数：不影响显存和时间</translation>
    </message>
    <message>
        <source>selective_ac_option &quot;%1&quot; (every n-th layer) is not a plan field; set workload.activation_checkpointing_layers</source>
        <translation>selective_ac_option “%1”（每 n 层一次）不是方案字段；请设置 workload.activation_checkpointing_layers</translation>
    </message>
    <message>
        <source>read only with mode = &quot;selective&quot;</source>
        <translation>仅在 mode = &quot;selective&quot; 时读取</translation>
    </message>
    <message>
        <source>recipe &quot;%1&quot; is not one GPU Planner models</source>
        <translation>配方“%1”不是 GPU Planner 建模的配方</translation>
    </message>
    <message>
        <source>tokenizer and asset paths: no effect on memory or time</source>
        <translation>分词器与资源路径：不影响显存和时间</translation>
    </message>
    <message>
        <source>a key of torchtitan before 2025-02-15 (57387af0e); not read: write model.converters = [&quot;float8&quot;]</source>
        <translation>2025-02-15 之前的 torchtitan 键（57387af0e）；未读取：请写 model.converters = [&quot;float8&quot;]</translation>
    </message>
    <message>
        <source>a detail GPU Planner does not model</source>
        <translation>GPU Planner 未建模的细节</translation>
    </message>
    <message>
        <source>tokens per step need the data-parallel degree the planner chooses; set workload.training_tokens</source>
        <translation>每步 token 数取决于规划器选择的数据并行度；请设置 workload.training_tokens</translation>
    </message>
    <message>
        <source>torchtitan from 08b8b244f (2025-08-20) reads [compile], which this file also sets</source>
        <translation>自 08b8b244f（2025-08-20）起 torchtitan 读取 [compile]，而本文件也设置了它</translation>
    </message>
    <message>
        <source>the loss: %1 is torchtitan&apos;s before bbb1b616e (2025-04-02), whose training.compile compiled the model alone; the plan&apos;s loss stays its default</source>
        <translation>损失：%1 属于 bbb1b616e（2025-04-02）之前的 torchtitan，其 training.compile 只编译模型；方案的损失保持默认</translation>
    </message>
    <message>
        <source>a top-level field torchtitan does not define</source>
        <translation>torchtitan 未定义的顶层字段</translation>
    </message>
    <message>
        <source>read with model.flavor</source>
        <translation>与 model.flavor 一起读取</translation>
    </message>
    <message>
        <source>%1 %2 is not a flavor GPU Planner knows; choose the model in the plan</source>
        <translation>%1 %2 不是 GPU Planner 认识的规格；请在方案中选择模型</translation>
    </message>
    <message>
        <source>LitGPT precision &quot;%1&quot; is not one GPU Planner reads (%2)</source>
        <translation>LitGPT 精度“%1”不是 GPU Planner 读取的精度（%2）</translation>
    </message>
    <message>
        <source>LLM API options that override these flags: import that YAML on its own (gpu-planner-cli import FILE)</source>
        <translation>覆盖这些参数的 LLM API 选项：请单独导入该 YAML（gpu-planner-cli import FILE）</translation>
    </message>
    <message>
        <source>LoRA is on when workload.serving.lora.adapters is above 0: the adapters the traffic uses are counted from --lora-modules (vLLM) or --lora-paths (SGLang) where the command lists them, else kept from the plan</source>
        <translation>当 workload.serving.lora.adapters 大于 0 时启用 LoRA：流量使用的适配器数取自命令列出的 --lora-modules（vLLM）或 --lora-paths（SGLang），否则沿用方案中的值</translation>
    </message>
    <message>
        <source>(file format)</source>
        <translation>（文件格式）</translation>
    </message>
    <message>
        <source>(script)</source>
        <translation>（脚本）</translation>
    </message>
    <message>
        <source>(no adapter)</source>
        <translation>（无适配器）</translation>
    </message>
    <message>
        <source>(TRL&apos;s default lora_dropout)</source>
        <translation>（TRL 的默认 lora_dropout）</translation>
    </message>
    <message>
        <source>(no deepspeed or fsdp)</source>
        <translation>（无 deepspeed 或 fsdp）</translation>
    </message>
    <message>
        <source>(LitGPT&apos;s default precision bf16-mixed)</source>
        <translation>（LitGPT 的默认精度 bf16-mixed）</translation>
    </message>
    <message>
        <source>(LitGPT&apos;s lora_query and lora_value defaults)</source>
        <translation>（LitGPT 的 lora_query 与 lora_value 默认值）</translation>
    </message>
    <message>
        <source>(LitGPT&apos;s LoRA loss)</source>
        <translation>（LitGPT 的 LoRA 损失）</translation>
    </message>
    <message>
        <source>(no LoRA fields)</source>
        <translation>（无 LoRA 字段）</translation>
    </message>
    <message>
        <source>(no --use-distributed-optimizer)</source>
        <translation>（无 --use-distributed-optimizer）</translation>
    </message>
    <message>
        <source>(no --moe-token-dispatcher-type: Megatron-LM&apos;s default)</source>
        <translation>（无 --moe-token-dispatcher-type：Megatron-LM 的默认值）</translation>
    </message>
    <message>
        <source>(no --recompute-granularity)</source>
        <translation>（无 --recompute-granularity）</translation>
    </message>
    <message>
        <source>(LLM API options)</source>
        <translation>（LLM API 选项）</translation>
    </message>
    <message>
        <source>(no --hidden-dropout: Megatron-Core&apos;s default)</source>
        <translation>（无 --hidden-dropout：Megatron-Core 的默认值）</translation>
    </message>
    <message>
        <source>(no --attention-dropout: Megatron-Core&apos;s default)</source>
        <translation>（无 --attention-dropout：Megatron-Core 的默认值）</translation>
    </message>
    <message>
        <source>must be %1, got &quot;%2&quot;</source>
        <translation>必须为 %1，输入为“%2”</translation>
    </message>
    <message>
        <source>%1 is a training format; a serving plan exports %2</source>
        <translation>%1 是训练格式；在线服务方案可导出为 %2</translation>
    </message>
    <message>
        <source>%1 is a serving engine; a training plan exports %2</source>
        <translation>%1 是在线服务引擎；训练方案可导出为 %2</translation>
    </message>
    <message>
        <source>the plan has no recommendation to write (no candidate fits and meets the objective)</source>
        <translation>方案没有可写出的推荐配置（没有候选配置既放得下又满足目标）</translation>
    </message>
    <message>
        <source>cannot create the folder %1: %2</source>
        <translation>无法创建文件夹 %1：%2</translation>
    </message>
    <message>
        <source>internal: the vLLM command could not be read back</source>
        <translation>内部错误：无法读回 vLLM 命令</translation>
    </message>
    <message>
        <source>llama.cpp writes a serving plan&apos;s recommendation</source>
        <translation>llama.cpp 只写出在线服务方案的推荐配置</translation>
    </message>
    <message>
        <source>cannot start printing</source>
        <translation>无法开始打印</translation>
    </message>
    <message>
        <source>cancelled: nothing was written</source>
        <translation>已取消：未写入任何内容</translation>
    </message>
    <message>
        <source>cannot open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>cannot read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>is a directory</source>
        <translation>是一个文件夹</translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>is larger than 64 MiB</source>
        <translation>大于 64 MiB</translation>
    </message>
    <message>
        <source>no file name given</source>
        <translation>未给出文件名</translation>
    </message>
    <message>
        <source>not a file name</source>
        <translation>不是文件名</translation>
    </message>
    <message>
        <source>cannot open for writing</source>
        <translation>无法打开以写入</translation>
    </message>
    <message>
        <source>cannot write</source>
        <translation>无法写入</translation>
    </message>
    <message>
        <source>cannot flush to disk</source>
        <translation>无法写入磁盘（刷新失败）</translation>
    </message>
    <message>
        <source>cannot replace the file</source>
        <translation>无法替换该文件</translation>
    </message>
    <message>
        <source>cannot keep the permissions of the existing file</source>
        <translation>无法保留原文件的权限</translation>
    </message>
    <message>
        <source>cannot create a temporary file in %1</source>
        <translation>无法在 %1 中创建临时文件</translation>
    </message>
    <message>
        <source>: No space left on device</source>
        <translation>：磁盘空间不足</translation>
    </message>
    <message>
        <source>: Disk quota exceeded</source>
        <translation>：超出磁盘配额</translation>
    </message>
    <message>
        <source>: Permission denied</source>
        <translation>：没有权限</translation>
    </message>
    <message>
        <source>: Operation not permitted</source>
        <translation>：不允许此操作</translation>
    </message>
    <message>
        <source>: Read-only file system</source>
        <translation>：文件系统为只读</translation>
    </message>
    <message>
        <source>: No such file or directory</source>
        <translation>：文件或文件夹不存在</translation>
    </message>
    <message>
        <source>: Not a directory</source>
        <translation>：路径中的某一项不是文件夹</translation>
    </message>
    <message>
        <source>: Is a directory</source>
        <translation>：是一个文件夹</translation>
    </message>
    <message>
        <source>: File name too long</source>
        <translation>：文件名过长</translation>
    </message>
    <message>
        <source>: File too large</source>
        <translation>：文件过大</translation>
    </message>
    <message>
        <source>: Input/output error</source>
        <translation>：输入/输出错误</translation>
    </message>
    <message>
        <source>: File exists</source>
        <translation>：文件已存在</translation>
    </message>
    <message>
        <source>: %1</source>
        <translation>：%1</translation>
    </message>
    <message>
        <source>the SMs of the other flex dispatcher backend (Megatron-LM reads each backend&apos;s own, or --moe-flex-dispatcher-num-sms)</source>
        <translation>另一个 flex 分发器后端的 SM 数（Megatron-LM 只读取各后端自己的参数，或 --moe-flex-dispatcher-num-sms）</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; is not a value GPU Planner models (it reads %3): the plan&apos;s setting stays</source>
        <translation>%1 的取值“%2”不是 GPU Planner 建模的取值（它读取 %3）：方案的设置保持不变</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; is not a value %3 takes (it takes %4): the plan&apos;s setting stays</source>
        <translation>%1 的取值“%2”不是 %3 接受的取值（它接受 %4）：方案的设置保持不变</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot;: %3 runs this KV cache dtype, but GPU Planner has no KV precision for its layout (of %3&apos;s it reads %4): the plan&apos;s setting stays</source>
        <translation>%1 的取值“%2”：%3 支持这种 KV 缓存数据类型，但 GPU Planner 没有与其布局对应的 KV 精度（%3 的类型中它读取 %4）：方案的设置保持不变</translation>
    </message>
    <message>
        <source>GPU Planner has no table of the values %1 takes for this field</source>
        <translation>GPU Planner 没有 %1 在此字段可取值的表</translation>
    </message>
    <message>
        <source>is required: a plan object or the path of a %1 file</source>
        <translation>为必填项：方案对象或 %1 文件的路径</translation>
    </message>
    <message>
        <source>lists only %1, got &quot;%2&quot;</source>
        <translation>只能列出 %1，输入为“%2”</translation>
    </message>
    <message>
        <source>%1 needs an even pipeline degree (one stage from each end per rank), got %2</source>
        <translation>%1 需要偶数的流水线并行度（每个 rank 持有两端各一个阶段），实际为 %2</translation>
    </message>
    <message>
        <source>%1 with pipeline %2 needs at least %3 micro-batches per step (2 x the pipeline), got %4</source>
        <translation>流水线为 %2 时，%1 每步至少需要 %3 个微批次（流水线的 2 倍），实际为 %4</translation>
    </message>
    <message>
        <source>%1 sends half the micro-batches from each end: it needs an even number, got %2</source>
        <translation>%1 从两端各送入一半微批次：微批次数须为偶数，实际为 %2</translation>
    </message>
    <message>
        <source>%1 has no %2 schedule; choose another pipeline schedule (torchtitan runs dualpipev)</source>
        <translation>%1 没有 %2 调度；请选择其他流水线调度（torchtitan 支持 dualpipev）</translation>
    </message>
    <message>
        <source>torchtitan&apos;s dualpipev (PyTorch&apos;s ScheduleDualPipeV) refuses stages built with torch.compile; turn torch_compile off or choose another pipeline schedule</source>
        <translation>torchtitan 的 dualpipev（PyTorch 的 ScheduleDualPipeV）不接受用 torch.compile 构建的阶段；请关闭 torch_compile 或选择其他流水线调度</translation>
    </message>
    <message>
        <source>torchtitan&apos;s default: DualPipeV&apos;s overlapped pairs hide the expert all-to-all, as the estimate does</source>
        <translation>torchtitan 的默认值：DualPipeV 的重叠对隐藏专家 all-to-all，与估算一致</translation>
    </message>
    <message>
        <source>false: torchtitan runs DualPipeV&apos;s pairs one after the other, so the expert all-to-all is not hidden; no plan field says so (workload.moe_a2a_overlap is Megatron&apos;s, off by default), so the estimate still hides it: expect a longer step than estimated with expert parallelism</source>
        <translation>false：torchtitan 依次执行 DualPipeV 的每一对，专家 all-to-all 不被隐藏；计划中没有对应字段（workload.moe_a2a_overlap 属于 Megatron，默认关闭），估算仍将其隐藏：启用专家并行时，实际步长会比估算更长</translation>
    </message>
    <message>
        <source>%2 does not run a &quot;%1&quot; KV cache (%3 do): choose fp16, bf16 or fp8, or that engine</source>
        <translation>%2 不支持 &quot;%1&quot; KV 缓存（支持它的引擎：%3）：请选择 fp16、bf16 或 fp8，或改用该引擎</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a record of DeepSeek&apos;s multi-head latent attention (kv_lora_rank 512 + 64 rotary); the model has none: choose fp8 or nvfp4</source>
        <translation>&quot;%1&quot; 是 DeepSeek 多头潜在注意力（kv_lora_rank 512 + 64 维旋转部分）的记录格式；该模型没有潜在注意力：请选择 fp8 或 nvfp4</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is vLLM&apos;s record for a latent of 512 and 64 rotary values (FlashMLA sparse, head size 576); the model&apos;s is %2 + %3: choose fp8</source>
        <translation>&quot;%1&quot; 是 vLLM 为 512 维潜在向量加 64 维旋转部分设计的记录格式（FlashMLA sparse，头维度 576）；该模型为 %2 + %3：请选择 fp8</translation>
    </message>
    <message>
        <source>%2 does not keep a multi-head latent attention cache as &quot;%1&quot; (engines that do: %3): choose fp8, or fp8_ds_mla or nvfp4_ds_mla on vLLM</source>
        <translation>%2 不以 &quot;%1&quot; 存储多头潜在注意力缓存（支持的引擎：%3）：请选择 fp8，或在 vLLM 上使用 fp8_ds_mla 或 nvfp4_ds_mla</translation>
    </message>
</context>
<context>
    <name>CoreText</name>
    <message>
        <source>Compute</source>
        <translation>算力</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>Intra-node link</source>
        <translation>节点内互联</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>PCIe offload</source>
        <translation>PCIe 卸载</translation>
    </message>
    <message>
        <source>Data loading</source>
        <translation>数据加载</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory capacity</source>
        <translation>显存容量</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>The price of %1 is an estimate, not a published figure.</source>
        <translation>%1 的价格为预估值，并非公开价格。</translation>
    </message>
    <message>
        <source>The size of %1 is modelled from text, not a published table.</source>
        <translation>%1 的实例规格根据文字描述推算，并非来自公开的规格表。</translation>
    </message>
    <message>
        <source>%1 does not support %2; estimated as %3.</source>
        <translation>%1 不支持 %2；按 %3 估算。</translation>
    </message>
    <message>
        <source>Time and speed are not estimated for %1 (no peak rate or bandwidth known).</source>
        <translation>未估算 %1 的时间和速度（缺少峰值算力或带宽数据）。</translation>
    </message>
    <message>
        <source>Use more nodes: fits with %1.</source>
        <translation>增加节点即可放下：%1。</translation>
    </message>
    <message>
        <source>Use full activation checkpointing: fits with %1.</source>
        <translation>启用完全激活检查点即可放下：%1。</translation>
    </message>
    <message>
        <source>Use ZeRO-3 to shard weights, gradients and optimizer: fits with %1.</source>
        <translation>用 ZeRO-3 切分权重、梯度和优化器状态即可放下：%1。</translation>
    </message>
    <message>
        <source>Offload optimizer and parameters to CPU: fits with %1.</source>
        <translation>将优化器状态和参数卸载到 CPU 即可放下：%1。</translation>
    </message>
    <message>
        <source>Serve %1 weights: fits with %2.</source>
        <translation>推理时改用 %1 权重即可放下：%2。</translation>
    </message>
    <message>
        <source>A %1 (%2) fits.</source>
        <translation>换用 %1（%2）即可放下。</translation>
    </message>
    <message>
        <source>Needs %1 per GPU; %2 usable.</source>
        <translation>每卡需要 %1，可用 %2。</translation>
    </message>
    <message>
        <source>The weights alone need %1 per GPU; the GPU has %2.</source>
        <translation>仅权重每卡就需要 %1，而该 GPU 只有 %2。</translation>
    </message>
    <message>
        <source>Needs %1 nodes (ZeRO-%2) to fit, more than the %3 the plan allows.</source>
        <translation>需要 %1 个节点（ZeRO-%2）才能放下，超过方案允许的 %3 个。</translation>
    </message>
    <message>
        <source>Offload needs %1 of host RAM per node; the node has %2.</source>
        <translation>卸载需要每节点 %1 主机内存，而节点只有 %2。</translation>
    </message>
    <message>
        <source>Tensor parallelism %1 exceeds the %2 GPUs of one node.</source>
        <translation>张量并行度 %1 超过单节点的 %2 张卡。</translation>
    </message>
    <message>
        <source>Tensor parallelism %1 does not divide the %2 attention heads.</source>
        <translation>张量并行度 %1 不能整除 %2 个注意力头。</translation>
    </message>
    <message>
        <source>Pipeline parallelism %1 exceeds the %2 layers.</source>
        <translation>流水线并行度 %1 超过模型的 %2 层。</translation>
    </message>
    <message>
        <source>The fastest configuration takes %1, past the deadline of %2.</source>
        <translation>最快的配置需要 %1，超出 %2 的期限。</translation>
    </message>
    <message>
        <source>The cheapest configuration costs %1, over the budget of %2.</source>
        <translation>最便宜的配置需要 %1，超出 %2 的预算。</translation>
    </message>
    <message>
        <source>No price is known for this candidate, so the budget cannot be checked.</source>
        <translation>该候选没有已知价格，无法核对预算。</translation>
    </message>
    <message>
        <source>Full fine-tune</source>
        <translation>全参数微调</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>Freeze (train top layers)</source>
        <translation>冻结（仅训练顶层）</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>TF32</source>
        <translation>TF32</translation>
    </message>
    <message>
        <source>FP16 (mixed)</source>
        <translation>FP16（混合精度）</translation>
    </message>
    <message>
        <source>BF16 (mixed)</source>
        <translation>BF16（混合精度）</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>Same as compute</source>
        <translation>与计算精度相同</translation>
    </message>
    <message>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <source>INT4</source>
        <translation>INT4</translation>
    </message>
    <message>
        <source>NF4 (4-bit)</source>
        <translation>NF4（4 位）</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>AdamW 8-bit</source>
        <translation>AdamW 8 位</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation>Adafactor</translation>
    </message>
    <message>
        <source>Lion</source>
        <translation>Lion</translation>
    </message>
    <message>
        <source>No checkpointing</source>
        <translation>不使用激活检查点</translation>
    </message>
    <message>
        <source>Selective checkpointing</source>
        <translation>选择性激活检查点</translation>
    </message>
    <message>
        <source>Full checkpointing</source>
        <translation>完全激活检查点</translation>
    </message>
    <message>
        <source>No offload</source>
        <translation>不卸载</translation>
    </message>
    <message>
        <source>Optimizer offload</source>
        <translation>优化器卸载到 CPU</translation>
    </message>
    <message>
        <source>Optimizer + parameter offload</source>
        <translation>优化器和参数卸载到 CPU</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Cheapest</source>
        <translation>成本最低</translation>
    </message>
    <message>
        <source>Fastest</source>
        <translation>速度最快</translation>
    </message>
    <message>
        <source>Cheapest within a deadline</source>
        <translation>期限内成本最低</translation>
    </message>
    <message>
        <source>Fastest within a budget</source>
        <translation>预算内速度最快</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP32 logits (Transformers)</source>
        <translation>FP32 logits（Transformers）</translation>
    </message>
    <message>
        <source>Logits in compute precision</source>
        <translation>以计算精度存储 logits</translation>
    </message>
    <message>
        <source>Chunked loss</source>
        <translation>分块计算损失</translation>
    </message>
    <message>
        <source>Fused linear cross-entropy</source>
        <translation>融合线性层与交叉熵</translation>
    </message>
    <message>
        <source>Fused cross-entropy, gradient in the logits</source>
        <translation>融合交叉熵（梯度原地写入 logits）</translation>
    </message>
    <message>
        <source>Compiled loss (torch.compile)</source>
        <translation>编译的损失函数（torch.compile）</translation>
    </message>
    <message>
        <source>Pay-as-you-go</source>
        <translation>按量计费</translation>
    </message>
    <message>
        <source>Monthly</source>
        <translation>包年包月</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>预留实例券</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>竞价实例</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>Logits</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>Allocator</source>
        <translation>分配器开销</translation>
    </message>
    <message>
        <source>CUDA runtime</source>
        <translation>CUDA 运行时</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Intra-node communication</source>
        <translation>节点内通信</translation>
    </message>
    <message>
        <source>Network communication</source>
        <translation>节点间通信</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>CPU 卸载</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>微批 %1</translation>
    </message>
    <message>
        <source>accumulation %1</source>
        <translation>梯度累积 %1</translation>
    </message>
    <message>
        <source>TP %1 x PP %2 x DP %3</source>
        <translation>TP %1 × PP %2 × DP %3</translation>
    </message>
    <message>
        <source> x EP %1</source>
        <translation> × EP %1</translation>
    </message>
    <message>
        <source> (sequence parallel)</source>
        <translation>（序列并行）</translation>
    </message>
    <message>
        <source>published price</source>
        <translation>公开价格</translation>
    </message>
    <message>
        <source>estimated price</source>
        <translation>预估价格</translation>
    </message>
    <message>
        <source>your quote</source>
        <translation>您的报价</translation>
    </message>
    <message>
        <source>unknown price</source>
        <translation>价格未知</translation>
    </message>
    <message>
        <source>Tencent Cloud</source>
        <translation>腾讯云</translation>
    </message>
    <message>
        <source>Alibaba Cloud</source>
        <translation>阿里云</translation>
    </message>
    <message>
        <source>AWS</source>
        <translation>AWS</translation>
    </message>
    <message>
        <source>On-premise</source>
        <translation>本地部署</translation>
    </message>
    <message>
        <source>Use LoRA (train low-rank adapters, base frozen): fits with %1.</source>
        <translation>改用 LoRA（训练低秩适配器，冻结基座）：%1 时放得下。</translation>
    </message>
    <message>
        <source>Use QLoRA (4-bit NF4 base, LoRA adapters): fits with %1.</source>
        <translation>改用 QLoRA（4 位 NF4 基座 + LoRA 适配器）：%1 时放得下。</translation>
    </message>
    <message>
        <source>Only a size was given: memory and time use a typical Llama-shaped architecture of %1 parameters (hidden %2, %3 layers); give the architecture for exact figures.</source>
        <translation>只给出了模型规模：显存和时间按 %1 参数的典型 Llama 结构估算（hidden %2，%3 层）；提供模型结构可得到精确数字。</translation>
    </message>
    <message>
        <source>The given parameter count (%1) differs from the architecture&apos;s count (%2); the architecture is used.</source>
        <translation>给定的参数量（%1）与模型结构算出的参数量（%2）不一致；以模型结构为准。</translation>
    </message>
    <message>
        <source>No price is known for %1, so it is ranked by GPU-hours instead of cost.</source>
        <translation>%1 没有已知价格，因此按卡时而非费用排序。</translation>
    </message>
    <message>
        <source>The plan&apos;s batch of %1 does not fit some splits; they serve a smaller batch.</source>
        <translation>方案的批大小 %1 在部分并行切分下放不下；这些切分改用较小的批大小。</translation>
    </message>
    <message>
        <source>The config.json field &quot;%1&quot; is not used by the estimate.</source>
        <translation>config.json 字段“%1”未用于估算。</translation>
    </message>
    <message numerus="yes">
        <source>%1 on %n node(s), %2 GPUs</source>
        <translation>
            <numerusform>%1，%n 个节点，共 %2 张卡</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <comment>separator between the items of a list inside a sentence</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>%1 vCPUs for %2 GPUs: the Tencent Cloud guide &apos;%4&apos; advises at least %3 CPU cores per GPU so data preprocessing does not stall the GPUs.</source>
        <translation>%2 块 GPU 只配 %1 个 vCPU：腾讯云指南《%4》建议每块 GPU 至少配 %3 个 CPU 核，以免数据预处理拖慢 GPU。</translation>
    </message>
    <message>
        <source>%1 GB of RAM per vCPU: the Tencent Cloud guide &apos;%3&apos; advises %2 GB of RAM per vCPU so the data pipeline does not block.</source>
        <translation>每 vCPU %1 GB 内存：腾讯云指南《%3》建议每 vCPU 配 %2 GB 内存，以免数据流水线阻塞。</translation>
    </message>
    <message>
        <source>The data disk gives %1 IOPS; the Tencent Cloud guide &apos;%3&apos; advises SSD disks with at least %2 IOPS.</source>
        <translation>数据盘提供 %1 IOPS；腾讯云指南《%3》建议使用 IOPS 不低于 %2 的 SSD 云硬盘。</translation>
    </message>
    <message>
        <source>Nodes are linked at %1 Gb/s; the Tencent Cloud guide &apos;%3&apos; advises at least %2 Gb/s between nodes.</source>
        <translation>节点间带宽为 %1 Gb/s；腾讯云指南《%3》建议节点间带宽不低于 %2 Gb/s。</translation>
    </message>
    <message>
        <source>Multi-node training without RDMA: the Tencent Cloud guide &apos;%1&apos; advises RDMA (RoCE) networking for clusters.</source>
        <translation>多机训练未使用 RDMA：腾讯云指南《%1》建议集群启用 RDMA（RoCE）网络。</translation>
    </message>
    <message>
        <source>The %1 GPUs of a node talk over PCIe; the Tencent Cloud guide &apos;%2&apos; advises NVLink for multi-GPU training.</source>
        <translation>节点内 %1 块 GPU 通过 PCIe 通信；腾讯云指南《%2》建议多卡训练使用 NVLink。</translation>
    </message>
    <message>
        <source>One optimizer step (%1 sequences, %2 tokens) needs more tokens than the dataset has (%3): lower the global batch or the micro-batch.</source>
        <translation>一次优化器更新（%1 条序列，%2 个 token）所需的 token 多于数据集（%3）：请减小全局批次或微批次。</translation>
    </message>
    <message>
        <source>The run&apos;s %1 training tokens are fewer than one optimizer step (%2 tokens): time and cost are for a fraction of a step.</source>
        <translation>训练的 %1 个 token 少于一次优化器更新（%2 个 token）：时间和费用只是一步的一部分。</translation>
    </message>
    <message>
        <source>A sequence of %1 tokens is longer than the model&apos;s context of %2 positions.</source>
        <translation>%1 个 token 的序列超过了模型 %2 个位置的上下文长度。</translation>
    </message>
    <message>
        <source>The plan&apos;s pipeline layout lists the stages of pipeline parallel %1 with %2 virtual stages each: the search keeps both.</source>
        <translation>计划的流水线布局按流水线并行度 %1、每段 %2 个虚拟段列出各段：搜索保持这两项不变。</translation>
    </message>
    <message>
        <source>Some splits were skipped: the global batch of %1 sequences does not divide evenly over their data-parallel replicas.</source>
        <translation>跳过了部分划分：%1 条序列的全局批次无法均分到其数据并行副本上。</translation>
    </message>
    <message>
        <source>The config.json quantization method &quot;%1&quot; is not understood; the weights are taken as unquantized.</source>
        <translation>无法识别 config.json 的量化方法“%1”；权重按未量化处理。</translation>
    </message>
    <message>
        <source>The plan&apos;s configuration does not apply to this candidate: %1</source>
        <translation>方案的配置不适用于该候选：%1</translation>
    </message>
    <message>
        <source>This candidate cannot be used: %1</source>
        <translation>该候选无法使用：%1</translation>
    </message>
    <message>
        <source>The full estimate of the chosen configuration does not fit although the search&apos;s quick scoring said it does; treat this candidate with care.</source>
        <translation>所选配置的完整估算显示放不下，而搜索的快速评分认为放得下；请谨慎对待该候选。</translation>
    </message>
    <message>
        <source>The configuration cannot run on this candidate: %1</source>
        <translation>该配置无法在此候选上运行：%1</translation>
    </message>
    <message>
        <source>LoRA target module &quot;%1&quot; is not a known module name, so it adapts nothing; use names such as q_proj, v_proj or all-linear.</source>
        <translation>LoRA 目标模块“%1”不是已知的模块名，因此不会适配任何矩阵；请使用 q_proj、v_proj 或 all-linear 等名称。</translation>
    </message>
    <message>
        <source>%1 has no price in %2; the price shown is for %3.</source>
        <translation>%1 在 %2 没有价格；显示的是 %3 的价格。</translation>
    </message>
    <message>
        <source>GPU %1 has no TFLOPS figure for any precision; its speed is unknown.</source>
        <translation>GPU %1 没有任何精度的 TFLOPS 数据，无法估算其速度。</translation>
    </message>
    <message>
        <source>Google Cloud</source>
        <translation>谷歌云</translation>
    </message>
    <message>
        <source>Microsoft Azure</source>
        <translation>微软 Azure</translation>
    </message>
    <message>
        <source>your cloud account&apos;s price</source>
        <translation>您云账号的价格</translation>
    </message>
    <message>
        <source>No node count up to %1 fits.</source>
        <translation>最多 %1 个节点内没有任何节点数可以放下。</translation>
    </message>
    <message>
        <source>No split of the GPUs allowed divides the global batch of %1 sequences evenly over its data-parallel replicas; a global batch that the replica count divides (a power of two, for example) would.</source>
        <translation>在允许的 GPU 数量下，没有任何并行切分能把 %1 条序列的全局批次平均分到各数据并行副本上；改用能被副本数整除的全局批次（例如 2 的幂）即可。</translation>
    </message>
    <message>
        <source>The activations of one %1-token sequence need %2 per GPU even with full checkpointing; %3 usable. More nodes do not shrink them (no node count up to %4 fits): a shorter sequence, a larger GPU or splitting the sequence across GPUs would.</source>
        <translation>即使开启完整梯度检查点，一条 %1 token 序列的激活值每张 GPU 也需要 %2，可用 %3。增加节点不会减少激活值（最多 %4 个节点都放不下）：缩短序列、换更大显存的 GPU 或把序列切分到多张 GPU 上才行。</translation>
    </message>
    <message>
        <source>MXFP4 (experts, as shipped)</source>
        <translation>MXFP4（专家权重，按发布格式）</translation>
    </message>
    <message>
        <source>FP8, 128x128 block scales</source>
        <translation>FP8，128x128 分块缩放</translation>
    </message>
    <message>
        <source>max_num_seqs</source>
        <translation>max_num_seqs</translation>
    </message>
    <message>
        <source>The weights (%1), the activation peak (%2) and runtime memory leave no room for a KV cache in the engine&apos;s %3 per GPU.</source>
        <translation>权重（%1）、激活峰值（%2）和运行时显存占满了推理引擎每 GPU 的 %3 显存，没有留给 KV 缓存的空间。</translation>
    </message>
    <message>
        <source>The KV cache holds %1 tokens, less than one request of %2 tokens.</source>
        <translation>KV 缓存只能容纳 %1 个 token，不足一个 %2 token 的请求。</translation>
    </message>
    <message>
        <source>Time to first token is at least %1 s at %2 prompt tokens, above the %3 s target even with one request in flight.</source>
        <translation>在 %2 个输入 token 下，即使只有一个请求，首 token 延迟也至少为 %1 秒，超过 %3 秒的目标。</translation>
    </message>
    <message>
        <source>Time per output token is at least %1 ms, above the %2 ms target even with one request in flight.</source>
        <translation>即使只有一个请求，每个输出 token 的时间也至少为 %1 毫秒，超过 %2 毫秒的目标。</translation>
    </message>
    <message>
        <source>The load needs more than the %1 instances the search may use.</source>
        <translation>该负载需要的实例超过搜索允许使用的 %1 台。</translation>
    </message>
    <message>
        <source>No configuration meets the latency targets at this load.</source>
        <translation>在此负载下没有配置能满足延迟目标。</translation>
    </message>
    <message>
        <source>Inference (one batch)</source>
        <translation>推理（单批次）</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>在线服务</translation>
    </message>
    <message>
        <source>time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <source>time per output token</source>
        <translation>每输出 token 时间</translation>
    </message>
    <message>
        <source>max sequences</source>
        <translation>最大序列数</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message numerus="yes">
        <source>%n concurrent request(s)</source>
        <translation>
            <numerusform>%n 个并发请求</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 requests/s</source>
        <translation>每秒 %1 个请求</translation>
    </message>
    <message>
        <source>max throughput</source>
        <translation>最大吞吐</translation>
    </message>
    <message>
        <source>Estimated prices</source>
        <translation>估算价格</translation>
    </message>
    <message>
        <source>Compute efficiency</source>
        <translation>计算效率</translation>
    </message>
    <message>
        <source>Bandwidth efficiency</source>
        <translation>带宽效率</translation>
    </message>
    <message>
        <source>Spot interruptions</source>
        <translation>竞价实例中断</translation>
    </message>
    <message>
        <source>%1 stays the recommendation across every input&apos;s range.</source>
        <translation>在每项输入的范围内，%1 始终是推荐配置。</translation>
    </message>
    <message>
        <source>%1 stays the recommendation unless its price is more than %2% above the estimate (then %3 is cheaper).</source>
        <translation>除非 %1 的价格比估算高出 %2% 以上（此时 %3 更便宜），否则它始终是推荐配置。</translation>
    </message>
    <message>
        <source>The recommendation can change: with %1 at the low end of their range, %2 is recommended instead of %3.</source>
        <translation>推荐配置可能改变：当%1处于其范围的低端时，推荐 %2 而不是 %3。</translation>
    </message>
    <message>
        <source>The recommendation can change: with %1 at the high end of their range, %2 is recommended instead of %3.</source>
        <translation>推荐配置可能改变：当%1处于其范围的高端时，推荐 %2 而不是 %3。</translation>
    </message>
    <message>
        <source>%1&apos;s price may rise %2% above the estimate before %3 is cheaper.</source>
        <translation>%1 的价格可比估算高出 %2%，再高则 %3 更便宜。</translation>
    </message>
    <message>
        <source>At one end of an input&apos;s range no candidate meets the objective.</source>
        <translation>在某项输入范围的一端，没有候选满足目标。</translation>
    </message>
    <message>
        <source>No candidate meets the objective, so there is no recommendation to vary.</source>
        <translation>没有候选满足目标，因此没有可供变动的推荐配置。</translation>
    </message>
    <message>
        <source>Split each sequence across %1 GPUs (context parallelism): fits with %2.</source>
        <translation>将每个序列拆分到 %1 张卡上（上下文并行）即可放下：%2。</translation>
    </message>
    <message>
        <source>Data x tensor x pipeline x context = %1, but the candidate has %2 GPUs.</source>
        <translation>数据并行 × 张量并行 × 流水线并行 × 上下文并行 = %1，但该候选共有 %2 张卡。</translation>
    </message>
    <message>
        <source>Per-op selective checkpointing (torchtitan)</source>
        <translation>逐算子选择性激活检查点（torchtitan）</translation>
    </message>
    <message>
        <source> x CP %1</source>
        <translation> × CP %1</translation>
    </message>
    <message>
        <source> (interleaved, %1 chunks per stage)</source>
        <translation>（交错调度，每级 %1 个模型块）</translation>
    </message>
    <message>
        <source> (zero-bubble schedule)</source>
        <translation>（零气泡调度）</translation>
    </message>
    <message>
        <source>%1 stays the recommendation unless its price is more than %2% above the quoted price (then %3 is cheaper).</source>
        <translation>除非 %1 的价格比报价高出 %2% 以上（此时 %3 更便宜），否则它始终是推荐配置。</translation>
    </message>
    <message>
        <source>%1 stays the recommendation unless its price is more than %2% above its published price (then %3 is cheaper).</source>
        <translation>除非 %1 的价格比公开价格高出 %2% 以上（此时 %3 更便宜），否则它始终是推荐配置。</translation>
    </message>
    <message>
        <source>%1&apos;s price may rise %2% above the quoted price before %3 is cheaper.</source>
        <translation>%1 的价格可比报价高出 %2%，再高则 %3 更便宜。</translation>
    </message>
    <message>
        <source>%1&apos;s price may rise %2% above its published price before %3 is cheaper.</source>
        <translation>%1 的价格可比公开价格高出 %2%，再高则 %3 更便宜。</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B (virtual stages)</source>
        <translation>交错 1F1B（虚拟阶段）</translation>
    </message>
    <message>
        <source>Zero bubble (ZB-H2)</source>
        <translation>零气泡（ZB-H2）</translation>
    </message>
    <message>
        <source>The reserved discount of %1 is quoted for a %2; the %3 keeps that discount.</source>
        <translation>%1 的预留实例券折扣按%2报价；%3沿用该折扣。</translation>
    </message>
    <message>
        <source>%1-year term</source>
        <translation>%1 年期</translation>
    </message>
    <message>
        <source>%1-month term</source>
        <translation>%1 个月期</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>billing mode, reservation term</comment>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>The %1 FP8 recipe needs Blackwell tensor cores; %2 is estimated with %3 scaling.</source>
        <translation>%1 FP8 配方需要 Blackwell 张量核心；%2 按 %3 缩放估算。</translation>
    </message>
    <message>
        <source>Tensorwise (one scale per tensor)</source>
        <translation>按张量（每个张量一个缩放因子）</translation>
    </message>
    <message>
        <source>Rowwise (one scale per row)</source>
        <translation>按行（每行一个缩放因子）</translation>
    </message>
    <message>
        <source>Blockwise (1x128 / 128x128 blocks)</source>
        <translation>分块（1x128 / 128x128 块）</translation>
    </message>
    <message>
        <source>MXFP8 (32-element blocks, Blackwell)</source>
        <translation>MXFP8（32 元素块，Blackwell）</translation>
    </message>
    <message>
        <source>%1 and %2 cost the same; any price rise on %1 makes %2 cheaper.</source>
        <translation>%1 与 %2 费用相同；%1 的价格只要上涨，%2 就更便宜。</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <source>NCCL communicators</source>
        <translation>NCCL 通信器</translation>
    </message>
    <message>
        <source>No measured speed of the %1 attention kernel on %2; its attention is estimated at %3&apos;s.</source>
        <translation>%2 上没有 %1 注意力内核的实测速度；其注意力按 %3 的速度估算。</translation>
    </message>
    <message>
        <source>FlashAttention-2 (PyTorch SDPA)</source>
        <translation>FlashAttention-2（PyTorch SDPA）</translation>
    </message>
    <message>
        <source>cuDNN fused attention (Transformer Engine)</source>
        <translation>cuDNN 融合注意力（Transformer Engine）</translation>
    </message>
    <message>
        <source>FlashAttention-3 (Hopper)</source>
        <translation>FlashAttention-3（Hopper）</translation>
    </message>
    <message>
        <source>FP8 all-gather needs FP8 training; %1 trains this plan in %2, so the weights are gathered in it.</source>
        <translation>FP8 全收集需要 FP8 训练；%1 以 %2 训练此方案，因此权重以该精度收集。</translation>
    </message>
    <message>
        <source>FP8 all-gather changes nothing here: this layout gathers no weights (it needs ZeRO-3/FSDP, or Megatron&apos;s distributed optimizer, over more than one GPU).</source>
        <translation>FP8 全收集在此无效：该布局不收集权重（需要在多于一块 GPU 上使用 ZeRO-3/FSDP 或 Megatron 的分布式优化器）。</translation>
    </message>
    <message>
        <source>NVFP4 MLPs, FP8 attention (Blackwell)</source>
        <translation>NVFP4 MLP 层、FP8 注意力（Blackwell）</translation>
    </message>
    <message>
        <source>Delayed (amax history, Transformer Engine)</source>
        <translation>延迟缩放（amax 历史，Transformer Engine）</translation>
    </message>
    <message>
        <source>The NVFP4 recipe needs a data-center Blackwell GPU with FP4 tensor cores; %1 is estimated with %2 scaling.</source>
        <translation>NVFP4 配方需要带 FP4 张量核心的数据中心 Blackwell GPU；%1 按 %2 缩放估算。</translation>
    </message>
    <message>
        <source>FP8 all-gather casts the weights to FP8, but the NVFP4 recipe&apos;s MLP layers take NVFP4 weights; on %1 the weights are gathered in 16-bit.</source>
        <translation>FP8 全收集把权重转换为 FP8，但 NVFP4 配方的 MLP 层使用 NVFP4 权重；在 %1 上权重以 16 位收集。</translation>
    </message>
    <message>
        <source>Use ZeRO-1 to shard the optimizer states: fits with %1.</source>
        <translation>用 ZeRO-1 切分优化器状态即可放下：%1。</translation>
    </message>
    <message>
        <source>%1 has no price of its own in %2; the provider&apos;s reference price is used.</source>
        <translation>%1 在 %2 没有单独的价格，使用该云厂商的参考价格。</translation>
    </message>
    <message>
        <source>%1: %2 run hours fall past the budget&apos;s horizon and are not budgeted.</source>
        <translation>%1：有 %2 小时的运行落在预算期之后，未计入预算。</translation>
    </message>
    <message>
        <source>Raise the cap to %1.</source>
        <translation>将上限提高到 %1。</translation>
    </message>
    <message>
        <source>Or drop %1 (saves %2).</source>
        <translation>或取消 %1（节省 %2）。</translation>
    </message>
    <message>
        <source>%1 does not run on %2 (%3): the engine&apos;s supported hardware does not list this architecture.</source>
        <translation>%1 无法在 %2（%3）上运行：该引擎支持的硬件列表中没有这一架构。</translation>
    </message>
    <message>
        <source>%1 has no kernels for %2 weights: they need FP8 tensor cores, or bf16 ones for weight-only kernels.</source>
        <translation>%1 没有运行 %2 权重的内核：需要 FP8 张量核心，或可运行仅权重内核的 bf16 张量核心。</translation>
    </message>
    <message>
        <source>FP8 casts take %1 ms per step on %2, more than the %3 ms its GEMMs save over BF16: this layout trains faster in BF16.</source>
        <translation>在 %2 上 FP8 转换每步需要 %1 ms，超过其 GEMM 相比 BF16 节省的 %3 ms：此布局用 BF16 训练更快。</translation>
    </message>
    <message>
        <source>Costs %1x the recommendation (%2 limits its RL step).</source>
        <translation>成本为推荐配置的 %1 倍（%2 限制其 RL 步）。</translation>
    </message>
    <message>
        <source>Takes %1x as long as the recommendation (%2 limits its RL step).</source>
        <translation>耗时为推荐配置的 %1 倍（%2 限制其 RL 步）。</translation>
    </message>
    <message>
        <source>No placement holds the %1.</source>
        <translation>没有放置方式能容纳 %1。</translation>
    </message>
    <message>
        <source>No price is known: ranked after the priced candidates (%1 GPU-hours).</source>
        <translation>价格未知：排在有价格的候选之后（%1 GPU 小时）。</translation>
    </message>
    <message>
        <source>Misses the plan&apos;s limit (%1 hours).</source>
        <translation>未满足方案的限制（%1 小时）。</translation>
    </message>
    <message>
        <source>The %1 needs %2 per GPU; %3 usable.</source>
        <translation>%1 每块 GPU 需要 %2；可用 %3。</translation>
    </message>
    <message>
        <source>The rollout engine (tensor %1) has no room for the KV cache of one longest response.</source>
        <translation>rollout 推理引擎（张量并行 %1）放不下一条最长回复的 KV 缓存。</translation>
    </message>
    <message>
        <source>A rollout pool of %1 GPUs leaves none of the %2 for training.</source>
        <translation>容量为 %1 块 GPU 的 rollout 池没有给训练留下 %2 块中的任何一块。</translation>
    </message>
    <message>
        <source>The RL step cannot finish on this candidate.</source>
        <translation>该候选无法完成 RL 步。</translation>
    </message>
    <message>
        <source>RL post-training</source>
        <translation>强化学习后训练</translation>
    </message>
    <message>
        <source>%1, %2 of the step</source>
        <translation>%1，占每步 %2</translation>
    </message>
    <message>
        <source>GPU %1 has the unknown class &quot;%2&quot;; the known ones are datacenter-hbm, datacenter-gddr and consumer.</source>
        <translation>GPU %1 的类别“%2”未知；已知类别为 datacenter-hbm、datacenter-gddr 和 consumer。</translation>
    </message>
    <message>
        <source>GPU %1: the architecture &quot;%2&quot; has no efficiency figures in the catalog, so it takes the default peak efficiency.</source>
        <translation>GPU %1：目录中没有架构“%2”的效率数据，因此采用默认峰值效率。</translation>
    </message>
    <message>
        <source>GPU %1 lists the tensor format %2 but has no rate for it.</source>
        <translation>GPU %1 列出了张量格式 %2，但没有它的算力数据。</translation>
    </message>
    <message>
        <source>%5: each replica is asked to hold %1 requests, but its %2 holds only %3 requests of %4 tokens each: the batch is cut to %3 requests.</source>
        <translation>%5：每个副本需容纳 %1 个请求，但其%2只能容纳 %3 个请求（每个 %4 个 token）：批量被削减为 %3 个请求。</translation>
    </message>
    <message>
        <source>%1 nodes need a network bandwidth between them, and this candidate has none: its memory was not evaluated. Give its network (Gb/s per node) to plan it over several nodes.</source>
        <translation>%1 个节点之间需要网络带宽，而该候选没有网络数据：未评估其显存。请填写其网络带宽（每节点 Gb/s），才能按多节点规划。</translation>
    </message>
    <message>
        <source>no public price: enter your quote (Edit Price)</source>
        <translation>无公开价格：请输入您的报价（编辑价格）</translation>
    </message>
    <message>
        <source>%1 on %2 GPUs costs %3x the aggregated replicas on %4 GPUs: each decode replica holds %5 requests within the TPOT target, %6x the aggregated replica&apos;s %7, once no prefill chunk shares its steps; the KV transfer of %8 MB per request over %9 Gbps %10 adds %11 s to TTFT.</source>
        <translation>%1 用 %2 块 GPU，成本是 %4 块 GPU 上合并部署副本的 %3 倍：没有预填充分块挤占解码步后，每个解码副本在 TPOT 目标内可容纳 %5 个请求，是合并部署副本 %7 个的 %6 倍；每个请求 %8 MB 的 KV 缓存经 %9 Gbps %10 传输，使首 token 时间增加 %11 秒。</translation>
    </message>
    <message>
        <source>%1 on %2 GPUs meets the SLO where no aggregated replica does: each decode replica decodes %3 requests at %4 ms per token with no prefill chunk in its steps; the KV transfer of %5 MB per request over %6 Gbps %7 adds %8 s to TTFT.</source>
        <translation>%1 用 %2 块 GPU 满足 SLO，而合并部署的副本都达不到：每个解码副本的步中没有预填充分块，以每 token %4 毫秒解码 %3 个请求；每个请求 %5 MB 的 KV 缓存经 %6 Gbps %7 传输，使首 token 时间增加 %8 秒。</translation>
    </message>
    <message>
        <source>Aggregated replicas on %1 GPUs cost less than the best prefill/decode split, %2 on %3 GPUs at %4x the cost; its KV transfer of %5 MB per request over %6 Gbps %7 adds %8 s to TTFT.</source>
        <translation>%1 块 GPU 上的合并部署副本比最好的预填充/解码分离部署更便宜：%2 用 %3 块 GPU，成本为 %4 倍；其每个请求 %5 MB 的 KV 缓存经 %6 Gbps %7 传输，使首 token 时间增加 %8 秒。</translation>
    </message>
    <message>
        <source>Prefill and decode apart miss the %1 s TTFT target: the KV transfer of %2 MB per request over %3 Gbps %4 adds %5 s to TTFT, more than the target leaves the prefill pool.</source>
        <translation>预填充与解码分离达不到 %1 秒的首 token 时间目标：每个请求 %2 MB 的 KV 缓存经 %3 Gbps %4 传输，使首 token 时间增加 %5 秒，超过目标留给预填充池的时间。</translation>
    </message>
    <message>
        <source>No split into prefill and decode pools meets the latency targets at this load (the closest is limited by %1).</source>
        <translation>在此负载下，没有任何预填充池与解码池的划分能满足延迟目标（最接近的划分受限于%1）。</translation>
    </message>
    <message>
        <source>Prefill and decode pools are sized for a rate of requests (requests per second); under this load the replicas stay aggregated.</source>
        <translation>预填充池和解码池按请求速率（每秒请求数）确定规模；在此负载下副本保持合并部署。</translation>
    </message>
    <message>
        <source>KV transfer</source>
        <translation>KV 传输</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>A replica per MIG slice %1 (%2), priced at %3 of the GPU: the Tencent Cloud guides advise MIG on GNV7 (A100) to split one GPU into isolated units for small models.</source>
        <translation>每个 MIG 切片 %1（%2）运行一个副本，按 GPU 的 %3 计价：腾讯云指南建议在 GNV7（A100）上使用 MIG，将一张 GPU 切分为相互隔离的单元来运行小模型。</translation>
    </message>
    <message>
        <source>actor</source>
        <translation>策略模型（actor）</translation>
    </message>
    <message>
        <source>critic</source>
        <translation>价值模型（critic）</translation>
    </message>
    <message>
        <source>rollout engine</source>
        <translation>采样引擎</translation>
    </message>
    <message>
        <source>GRPO (group-relative, no critic)</source>
        <translation>GRPO（组内相对优势，无价值模型）</translation>
    </message>
    <message>
        <source>DAPO (GRPO without the KL term)</source>
        <translation>DAPO（不含 KL 项的 GRPO）</translation>
    </message>
    <message>
        <source>PPO (with a critic)</source>
        <translation>PPO（带价值模型）</translation>
    </message>
    <message>
        <source>Searched (colocated or separate)</source>
        <translation>自动搜索（共置或分离）</translation>
    </message>
    <message>
        <source>Colocated (rollout and training take turns)</source>
        <translation>共置（采样与训练轮流使用同一批 GPU）</translation>
    </message>
    <message>
        <source>Separate rollout and training pools</source>
        <translation>采样池与训练池分离</translation>
    </message>
    <message>
        <source>Rule or verifier (CPU)</source>
        <translation>规则或验证器（CPU）</translation>
    </message>
    <message>
        <source>Reward model (GPU)</source>
        <translation>奖励模型（GPU）</translation>
    </message>
    <message>
        <source>Rollout</source>
        <translation>采样生成</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>奖励</translation>
    </message>
    <message>
        <source>Old log-probs</source>
        <translation>旧策略对数概率</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考模型前向</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>价值估计</translation>
    </message>
    <message>
        <source>Critic training</source>
        <translation>价值模型训练</translation>
    </message>
    <message>
        <source>Actor training</source>
        <translation>策略模型训练</translation>
    </message>
    <message>
        <source>Weight sync</source>
        <translation>权重同步</translation>
    </message>
    <message>
        <source>All GPUs</source>
        <translation>全部 GPU</translation>
    </message>
    <message>
        <source>Rollout pool</source>
        <translation>采样池</translation>
    </message>
    <message>
        <source>Training pool</source>
        <translation>训练池</translation>
    </message>
    <message>
        <source>%1: the stored weights hold %2 parameters but config.json gives %3, %4% apart: the index and the config may be of different models, or total_size is wrong.</source>
        <translation>%1：存储的权重有 %2 个参数，而 config.json 给出 %3，相差 %4%：索引文件和配置可能不属于同一个模型，或者 total_size 有误。</translation>
    </message>
    <message>
        <source>Speculative decoding (%1, %2 draft tokens) makes each output token %3x slower at %4 requests in flight: the steps are compute-bound and the rejected drafts cost more than they save. It pays up to %5 requests per replica.</source>
        <translation>投机解码（%1，%2 个草稿 token）在 %4 个并发请求时使每个输出 token 慢 %3 倍：各步受算力限制，被拒绝的草稿代价超过节省。每个副本在 %5 个请求以内才划算。</translation>
    </message>
    <message>
        <source>The model does not fit the MIG slice %1 (%2): the weights take %3 of the engine&apos;s %4. Choose a larger profile or whole GPUs (the candidate&apos;s MIG profile).</source>
        <translation>模型放不进 MIG 切片 %1（%2）：权重占用引擎 %4 中的 %3。请选择更大的配置或整张 GPU（候选项的 MIG 配置）。</translation>
    </message>
    <message>
        <source>TCP</source>
        <translation>TCP</translation>
    </message>
    <message>
        <source>Host CPUs</source>
        <translation>主机 CPU</translation>
    </message>
    <message>
        <source>LoRA slots</source>
        <translation>LoRA 槽位</translation>
    </message>
    <message>
        <source>Q8_0 (llama.cpp)</source>
        <translation>Q8_0（llama.cpp）</translation>
    </message>
    <message>
        <source>Q4_0 (llama.cpp)</source>
        <translation>Q4_0（llama.cpp）</translation>
    </message>
    <message>
        <source>llama.cpp allocates its cache for %1 tokens (%2) at start: with the weights (%3) it needs %4, more than the GPU&apos;s %5. Lower the context (max_model_len, --ctx-size) or use a q8_0 or q4_0 cache.</source>
        <translation>llama.cpp 在启动时为 %1 个 token 分配缓存（%2）：加上权重（%3）共需 %4，超过 GPU 的 %5。请降低上下文（max_model_len，--ctx-size）或使用 q8_0 或 q4_0 缓存。</translation>
    </message>
    <message>
        <source>Recomputing the MLA up-projections changes nothing: the model has no latent attention.</source>
        <translation>重算 MLA 上投影不起作用：该模型没有潜在注意力。</translation>
    </message>
    <message>
        <source>Prefill on %1 (%2), decode on %3 (%4): %5x the cost of the best split on %6 alone, %7 on %8 GPUs.</source>
        <translation>预填充在 %1（%2），解码在 %3（%4）：成本是仅用 %6 的最佳拆分（%7，%8 个 GPU）的 %5 倍。</translation>
    </message>
    <message>
        <source>Prefill on %1 (%2), decode on %3 (%4): no split on %5 alone meets the SLO.</source>
        <translation>预填充在 %1（%2），解码在 %3（%4）：仅用 %5 的任何拆分都达不到 SLO。</translation>
    </message>
    <message>
        <source>The catalog lists no local NVMe for %1: the prefix cache&apos;s disk tier is taken as %2 GiB on one drive read at %3 GB/s.</source>
        <translation>目录中没有 %1 的本地 NVMe：前缀缓存的磁盘层按一块盘上的 %2 GiB、读取速度 %3 GB/s 计算。</translation>
    </message>
    <message>
        <source>Recomputing the expert activation changes nothing: the model has no experts.</source>
        <translation>重算专家激活不起作用：该模型没有专家。</translation>
    </message>
    <message>
        <source>Which GPU model gives AI training the best value?</source>
        <translation>AI训练选什么GPU型号性价比高？</translation>
    </message>
    <message>
        <source>Choosing GPU servers: A100 or V100 for large-model training?</source>
        <translation>GPU服务器选型：大模型训练用A100还是V100？</translation>
    </message>
    <message>
        <source>it is Megatron-Core&apos;s schedule and the training stack is another</source>
        <translation>这是 Megatron-Core 的调度，而训练框架不是 Megatron</translation>
    </message>
    <message>
        <source>the model has no experts</source>
        <translation>模型没有专家</translation>
    </message>
    <message>
        <source>Megatron-Core needs expert parallel above 1</source>
        <translation>Megatron-Core 要求专家并行大于 1</translation>
    </message>
    <message>
        <source>Megatron-Core needs the alltoall or flex token dispatcher</source>
        <translation>Megatron-Core 要求 alltoall 或 flex token 分发器</translation>
    </message>
    <message>
        <source>Megatron-Core refuses it with full recompute</source>
        <translation>Megatron-Core 不允许与完全重算同时使用</translation>
    </message>
    <message>
        <source>Megatron-Core needs virtual pipeline stages with pipeline parallel above 1</source>
        <translation>流水线并行大于 1 时，Megatron-Core 要求虚拟流水线阶段</translation>
    </message>
    <message>
        <source>Overlapping the expert all-to-all changes nothing: %1; it is counted exposed.</source>
        <translation>重叠专家 all-to-all 没有效果：%1；all-to-all 按未隐藏计入。</translation>
    </message>
    <message numerus="yes">
        <source>Or start %1 %n month(s) later.</source>
        <translation>
            <numerusform>或将 %1 推迟 %n 个月开始。</numerusform>
        </translation>
    </message>
    <message>
        <source>Or serve %1 at %2% of its traffic.</source>
        <translation>或以 %1 流量的 %2% 提供服务。</translation>
    </message>
    <message>
        <source>%1: </source>
        <comment>a file before the message about it</comment>
        <translation>%1：</translation>
    </message>
    <message>
        <source>%1: </source>
        <comment>a field before the message about it</comment>
        <translation>%1：</translation>
    </message>
    <message>
        <source>The search is off: the plan&apos;s pools as configured, %1 on %2 GPUs, not compared with aggregated replicas; the KV transfer of %3 MB per request over %4 Gbps %5 adds %6 s to TTFT.</source>
        <translation>搜索已关闭：按方案配置的资源池，%1，共 %2 块 GPU，未与合并部署的副本比较；每个请求 %3 MB 的 KV 缓存经 %4 Gbps %5 传输，使首 token 时间增加 %6 秒。</translation>
    </message>
    <message>
        <source>The search is off: the plan&apos;s aggregated replicas as configured; prefill and decode pools are sized only by the search (or set the deployment to disaggregated with its prefill and decode replicas).</source>
        <translation>搜索已关闭：按方案配置的合并部署副本；预填充池和解码池只由搜索确定规模（或将部署设为分离式并给出预填充与解码副本数）。</translation>
    </message>
    <message>
        <source>%1 (%2): </source>
        <comment>a field&apos;s words and its name in the plan file before the message about it</comment>
        <translation>%1（%2）：</translation>
    </message>
    <message>
        <source>its memory-efficient kernel (from xFormers)</source>
        <translation>其内存高效内核（源自 xFormers）</translation>
    </message>
    <message>
        <source>unfused attention (its math path)</source>
        <translation>未融合的注意力（其 math 路径）</translation>
    </message>
    <message>
        <source>%1 does not run on %2 (%3); %4 runs its own %5 attention backend there.</source>
        <translation>%1 无法在 %2（%3）上运行；%4 在该 GPU 上改用它自己的 %5 注意力后端。</translation>
    </message>
    <message>
        <source>%1 does not run on %2 (%3); %4 runs an attention backend of its own there.</source>
        <translation>%1 无法在 %2（%3）上运行；%4 在该 GPU 上改用它自己的注意力后端。</translation>
    </message>
    <message>
        <source>%1 does not run on %2 (%3); PyTorch SDPA runs %4 there.</source>
        <translation>%1 无法在 %2（%3）上运行；PyTorch SDPA 在该 GPU 上改为运行%4。</translation>
    </message>
    <message>
        <source>DualPipe (two stages per rank)</source>
        <translation>DualPipe（每个 rank 两个阶段）</translation>
    </message>
    <message>
        <source>DualPipeV (V-shaped DualPipe)</source>
        <translation>DualPipeV（V 形 DualPipe）</translation>
    </message>
    <message>
        <source> (DualPipe schedule)</source>
        <translation>（DualPipe 调度）</translation>
    </message>
    <message>
        <source> (DualPipeV schedule)</source>
        <translation>（DualPipeV 调度）</translation>
    </message>
    <message>
        <source>A %1 KV cache runs on data-center Blackwell GPUs (NVFP4 tensor cores); %2 has none. Choose fp8 or another GPU (the serving KV cache precision).</source>
        <translation>%1 KV 缓存需要数据中心级 Blackwell GPU（NVFP4 张量核心）；%2 没有。请选择 fp8 或其他 GPU（服务的 KV 缓存精度）。</translation>
    </message>
    <message>
        <source>INT8, a scale per token and head (vLLM)</source>
        <translation>INT8，每个 token 每个头一个缩放因子（vLLM）</translation>
    </message>
    <message>
        <source>FP8, a scale per token and head (vLLM)</source>
        <translation>FP8，每个 token 每个头一个缩放因子（vLLM）</translation>
    </message>
    <message>
        <source>FP8 DeepSeek MLA record (vLLM fp8_ds_mla)</source>
        <translation>FP8 DeepSeek MLA 记录（vLLM fp8_ds_mla）</translation>
    </message>
    <message>
        <source>NVFP4 DeepSeek MLA record (vLLM nvfp4_ds_mla)</source>
        <translation>NVFP4 DeepSeek MLA 记录（vLLM nvfp4_ds_mla）</translation>
    </message>
    <message>
        <source>NVFP4 (vLLM, TensorRT-LLM)</source>
        <translation>NVFP4（vLLM、TensorRT-LLM）</translation>
    </message>
    <message>
        <source>FP4 E2M1 (SGLang fp4_e2m1)</source>
        <translation>FP4 E2M1（SGLang fp4_e2m1）</translation>
    </message>
</context>
<context>
    <name>FieldText</name>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Training objective</source>
        <translation>训练目标</translation>
    </message>
    <message>
        <source>Language modeling (next-token loss over the vocabulary) or classification (a small head over the classes)</source>
        <translation>语言建模（在词表上的下一个 token 损失）或分类（在类别上的小分类头）</translation>
    </message>
    <message>
        <source>Technique</source>
        <translation>训练方式</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Weight format</source>
        <translation>权重格式</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失计算</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Packed document length</source>
        <translation>打包文档长度</translation>
    </message>
    <message>
        <source>Mean tokens of the documents packed into each sequence when attention stays within each document (packed fine-tuning: Megatron/NeMo packed sequences, FlashAttention varlen, padding-free packing); empty: each sequence is one document</source>
        <translation>每条序列中打包的文档的平均 token 数（注意力只在各自文档内计算时：打包微调，如 Megatron/NeMo 打包序列、FlashAttention varlen、无填充打包）；留空：每条序列为一个文档</translation>
    </message>
    <message>
        <source>Micro-batch size</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>Global batch size</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Layers trained (freeze)</source>
        <translation>训练的层数（冻结）</translation>
    </message>
    <message>
        <source>With the freeze technique: the top layers trained, the others frozen</source>
        <translation>冻结方法：训练顶部这些层，其余层冻结</translation>
    </message>
    <message>
        <source>MTP layers trained</source>
        <translation>训练的 MTP 层数</translation>
    </message>
    <message>
        <source>Multi-token-prediction layers trained beside the model (Megatron --mtp-num-layers): each one more layer of the model&apos;s kind with its projection, run with the output head and its loss on the last pipeline stage</source>
        <translation>与模型一同训练的多 token 预测（MTP）层数（Megatron --mtp-num-layers）：每层是一个与模型同类的层及其投影，与输出头和它的损失一起在最后一个流水线阶段运行</translation>
    </message>
    <message>
        <source>FP32 master weights</source>
        <translation>FP32 主权重</translation>
    </message>
    <message>
        <source>Keep an fp32 copy of the weights in mixed precision (off: pure bf16/fp16 training)</source>
        <translation>混合精度下保留一份 fp32 权重副本（关闭：纯 bf16/fp16 训练）</translation>
    </message>
    <message>
        <source>Paged optimizer</source>
        <translation>分页优化器</translation>
    </message>
    <message>
        <source>bitsandbytes paged optimizer states (unified memory that spills to the host)</source>
        <translation>bitsandbytes 分页优化器状态（统一内存，可溢出到主机内存）</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
    <message>
        <source>torch.compile recomputes pointwise operations instead of saving them</source>
        <translation>torch.compile 重算逐元素运算而不保存它们</translation>
    </message>
    <message>
        <source>Optimizer in backward</source>
        <translation>反向中执行优化器</translation>
    </message>
    <message>
        <source>The optimizer step fused into the backward pass: each gradient is freed once applied</source>
        <translation>优化器步骤融合进反向传播：每个梯度应用后即释放</translation>
    </message>
    <message>
        <source>bf16 optimizer states</source>
        <translation>bf16 优化器状态</translation>
    </message>
    <message>
        <source>FP8 scaling</source>
        <translation>FP8 缩放</translation>
    </message>
    <message>
        <source>Partial recompute layers</source>
        <translation>部分重计算层数</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Hidden dropout</source>
        <translation>隐藏层 dropout 概率</translation>
    </message>
    <message>
        <source>Dropout probability after each attention and MLP block (Megatron-LM --hidden-dropout, Hugging Face hidden_dropout); above 0 autograd keeps a one-byte mask per element of each; empty = by the architecture (standard-MLP models train with dropout, gated ones without)</source>
        <translation>每个注意力块和 MLP 块之后的 dropout 概率（Megatron-LM 的 --hidden-dropout，Hugging Face 的 hidden_dropout）；大于 0 时 autograd 为每个元素保存 1 字节掩码；留空 = 按模型架构（标准 MLP 的模型带 dropout 训练，门控 MLP 的不带）</translation>
    </message>
    <message>
        <source>Attention dropout</source>
        <translation>注意力 dropout 概率</translation>
    </message>
    <message>
        <source>Dropout probability on the attention probabilities (Megatron-LM --attention-dropout); with materialized scores (flash attention off) above 0 autograd keeps a mask and the dropped probabilities per score, flash kernels regenerate theirs; empty = by the architecture</source>
        <translation>注意力概率上的 dropout 概率（Megatron-LM 的 --attention-dropout）；在显式存储注意力分数时（关闭 flash attention），大于 0 时 autograd 为每个分数保存掩码和丢弃后的概率，flash 内核则重新生成；留空 = 按模型架构</translation>
    </message>
    <message>
        <source>LoRA dropout</source>
        <translation>LoRA dropout 概率</translation>
    </message>
    <message>
        <source>Dropout probability on each adapter&apos;s path (peft lora_dropout); above 0 autograd keeps each dropout&apos;s mask (and, before lora_A, the dropped input) and the dropout kernels take time; empty = the catalog&apos;s default</source>
        <translation>每个适配器路径上的 dropout 概率（peft 的 lora_dropout）；大于 0 时 autograd 为每个 dropout 保存其掩码（在 lora_A 之前时还保存丢弃后的输入），dropout 内核也要耗时；留空 = 目录的默认值</translation>
    </message>
    <message>
        <source>LoRA dropout position</source>
        <translation>LoRA dropout 位置</translation>
    </message>
    <message>
        <source>Where the dropout sits: on the adapter&apos;s input before lora_A (pre: peft, Megatron-Bridge, torchtune) or on its output after lora_B (post: NeMo AutoModel)</source>
        <translation>dropout 所在的位置：在 lora_A 之前作用于适配器的输入（pre：peft、Megatron-Bridge、torchtune），或在 lora_B 之后作用于其输出（post：NeMo AutoModel）</translation>
    </message>
    <message>
        <source>On the input, before A (peft)</source>
        <translation>作用于输入，在 A 之前（peft）</translation>
    </message>
    <message>
        <source>On the output, after B (NeMo AutoModel)</source>
        <translation>作用于输出，在 B 之后（NeMo AutoModel）</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>CPU 卸载</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Megatron sequence parallelism: norms and dropout split across the tensor-parallel ranks</source>
        <translation>Megatron 序列并行：归一化和 dropout 在张量并行各卡间切分</translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>GPUs the experts of a mixture-of-experts model are spread over</source>
        <translation>混合专家模型的专家分布到的 GPU 数</translation>
    </message>
    <message>
        <source>Context parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>虚拟阶段</translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation>并发请求数</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>输入 token 数</translation>
    </message>
    <message>
        <source>Output tokens</source>
        <translation>输出 token 数</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>每输出 token 时间</translation>
    </message>
    <message>
        <source>GPU memory utilization</source>
        <translation>显存利用率</translation>
    </message>
    <message>
        <source>Max sequences</source>
        <translation>最大序列数</translation>
    </message>
    <message>
        <source>Max batched tokens</source>
        <translation>最大批处理 token 数</translation>
    </message>
    <message>
        <source>KV block size</source>
        <translation>KV 块大小</translation>
    </message>
    <message>
        <source>Tokens per KV-cache page (vLLM&apos;s block_size); empty = the engine&apos;s</source>
        <translation>每个 KV 缓存页的 token 数（vLLM 的 block_size）；留空 = 引擎默认</translation>
    </message>
    <message>
        <source>Prefix cache hit rate</source>
        <translation>前缀缓存命中率</translation>
    </message>
    <message>
        <source>Max model length</source>
        <translation>最大模型长度</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>Requests per month</source>
        <translation>每月请求数</translation>
    </message>
    <message>
        <source>Compute efficiency</source>
        <translation>计算效率</translation>
    </message>
    <message>
        <source>Share of the GPU&apos;s dense peak the matrix multiplications reach; empty = the catalog&apos;s</source>
        <translation>矩阵乘法达到的 GPU 稠密峰值比例；留空 = 目录默认值</translation>
    </message>
    <message>
        <source>CUDA context per GPU</source>
        <translation>每卡 CUDA 上下文</translation>
    </message>
    <message>
        <source>Memory the CUDA runtime takes per GPU outside the allocator</source>
        <translation>CUDA 运行时在分配器之外占用的每 GPU 显存</translation>
    </message>
    <message>
        <source>NCCL buffers per GPU</source>
        <translation>每卡 NCCL 缓冲区</translation>
    </message>
    <message>
        <source>Communication buffers per GPU when the run is distributed</source>
        <translation>分布式运行时每 GPU 的通信缓冲区</translation>
    </message>
    <message>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <source>Share of memory lost to the caching allocator&apos;s fragmentation</source>
        <translation>因缓存分配器碎片而损失的显存比例</translation>
    </message>
    <message>
        <source>Memory headroom</source>
        <translation>显存余量</translation>
    </message>
    <message>
        <source>Share of memory kept free for a plan to count as fitting</source>
        <translation>方案被视为放得下时需保留的空闲显存比例</translation>
    </message>
    <message>
        <source>Memory bandwidth efficiency</source>
        <translation>显存带宽效率</translation>
    </message>
    <message>
        <source>Achieved over datasheet memory bandwidth (decoding)</source>
        <translation>实际达到的显存带宽与规格值之比（解码）</translation>
    </message>
    <message>
        <source>Link efficiency</source>
        <translation>互联效率</translation>
    </message>
    <message>
        <source>Achieved over specified bandwidth of NVLink, PCIe and the network</source>
        <translation>NVLink、PCIe 和网络实际带宽与规格带宽之比</translation>
    </message>
    <message>
        <source>Communication overlap</source>
        <translation>通信重叠比例</translation>
    </message>
    <message>
        <source>Share of the overlappable communication hidden behind compute</source>
        <translation>可重叠通信中被计算掩盖的比例</translation>
    </message>
    <message>
        <source>Disk throughput</source>
        <translation>磁盘吞吐</translation>
    </message>
    <message>
        <source>Read throughput of the dataset&apos;s disk, MB/s</source>
        <translation>数据集所在磁盘的读取吞吐，MB/s</translation>
    </message>
    <message>
        <source>Expert load imbalance (busiest rank / mean)</source>
        <translation>专家负载不均衡（最忙 rank / 平均）</translation>
    </message>
    <message>
        <source>Tokens routed to the busiest expert-parallel rank over the mean (1 = balanced)</source>
        <translation>路由到最忙专家并行卡的 token 数与平均值之比（1 = 均衡）</translation>
    </message>
    <message>
        <source>Serving decode bandwidth efficiency</source>
        <translation>推理解码带宽效率</translation>
    </message>
    <message>
        <source>Weights and KV cache read per decode step over the memory bandwidth</source>
        <translation>每个解码步读取的权重和 KV 缓存与显存带宽之比</translation>
    </message>
    <message>
        <source>Serving prefill compute efficiency</source>
        <translation>推理预填充算力效率</translation>
    </message>
    <message>
        <source>Prefill FLOPs over the dense peak</source>
        <translation>预填充 FLOPs 与稠密峰值之比</translation>
    </message>
    <message>
        <source>Serving step overhead</source>
        <translation>推理单步开销</translation>
    </message>
    <message>
        <source>Scheduler, sampler and kernel launch time per engine step</source>
        <translation>每个引擎步骤的调度、采样和内核启动时间</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <source>Exchange rate</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>Spot interruptions</source>
        <translation>竞价实例中断</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source>Restart time</source>
        <translation>重启耗时</translation>
    </message>
    <message>
        <source>Time to restart a run from its last checkpoint after a spot interruption</source>
        <translation>竞价实例中断后从最近检查点重启运行所需的时间</translation>
    </message>
    <message>
        <source>Cloud storage</source>
        <translation>云存储</translation>
    </message>
    <message>
        <source>Storage per month</source>
        <translation>每月存储费用</translation>
    </message>
    <message>
        <source>A monthly storage bill in the plan&apos;s currency (a file system, an object store), added to the run&apos;s storage cost for its length</source>
        <translation>以方案货币计的每月存储账单（文件系统、对象存储），按运行时长计入运行的存储费用</translation>
    </message>
    <message>
        <source>Price discount</source>
        <translation>价格折扣</translation>
    </message>
    <message>
        <source>Reservation term</source>
        <translation>预留期限</translation>
    </message>
    <message>
        <source>Let the planner choose</source>
        <translation>由规划器选择</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>优化目标</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>期限</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>Max nodes</source>
        <translation>最大节点数</translation>
    </message>
    <message>
        <source>Language modeling</source>
        <translation>语言建模</translation>
    </message>
    <message>
        <source>Classification</source>
        <translation>分类</translation>
    </message>
    <message>
        <source>CNY (¥)</source>
        <translation>人民币（¥）</translation>
    </message>
    <message>
        <source>USD ($)</source>
        <translation>美元（$）</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source> h</source>
        <translation> 小时</translation>
    </message>
    <message>
        <source> months</source>
        <translation> 个月</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source> MB/s</source>
        <translation> MB/s</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>x</source>
        <translation>倍</translation>
    </message>
    <message>
        <source> per day</source>
        <translation> 次/天</translation>
    </message>
    <message>
        <source> CNY per USD</source>
        <translation> 人民币/美元</translation>
    </message>
    <message>
        <source> per month</source>
        <translation> /月</translation>
    </message>
    <message>
        <source> layers</source>
        <translation> 层</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a time; write e.g. 500 ms or 0.5 s</source>
        <translation>%1：“%2”不是时间；请写成例如 500 ms 或 0.5 s</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number</source>
        <translation>%1：“%2”不是数字</translation>
    </message>
    <message>
        <source>%1: must be more than %2 and at most %3, got %4</source>
        <translation>%1：必须大于 %2 且不超过 %3，输入为 %4</translation>
    </message>
    <message>
        <source>%1: must be from %2 to %3, got %4</source>
        <translation>%1：必须在 %2 到 %3 之间，输入为 %4</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>推理引擎</translation>
    </message>
    <message>
        <source>The engine each replica runs: its KV-cache budget rule and default batch and token limits are the catalog&apos;s for that engine</source>
        <translation>每个副本运行的引擎：其 KV 缓存预算规则以及默认批大小和 token 上限取自目录中该引擎的数值</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>SGLang</source>
        <translation>SGLang</translation>
    </message>
    <message>
        <source>TensorRT-LLM</source>
        <translation>TensorRT-LLM</translation>
    </message>
    <message>
        <source>Speculative decoding</source>
        <translation>投机解码</translation>
    </message>
    <message>
        <source>A draft proposes tokens that the model verifies in one step: an EAGLE or EAGLE-3 head, or the model&apos;s own MTP module; it pays at small batches and costs at large ones</source>
        <translation>由草稿提出 token、模型一步验证：EAGLE 或 EAGLE-3 草稿头，或模型自带的 MTP 模块；小批量时有收益，大批量时反而有代价</translation>
    </message>
    <message>
        <source>Draft tokens</source>
        <translation>草稿 token 数</translation>
    </message>
    <message>
        <source>Tokens drafted per request and step (vLLM&apos;s num_speculative_tokens); empty = the method&apos;s default</source>
        <translation>每个请求每步起草的 token 数（vLLM 的 num_speculative_tokens）；留空 = 该方法的默认值</translation>
    </message>
    <message>
        <source>Draft acceptance</source>
        <translation>草稿接受率</translation>
    </message>
    <message>
        <source>The chance each drafted token is accepted when the one before was; empty = the method&apos;s measured default</source>
        <translation>在前一个草稿 token 被接受时，每个草稿 token 被接受的概率；留空 = 该方法的实测默认值</translation>
    </message>
    <message>
        <source>Prefix sharing</source>
        <translation>前缀共享方式</translation>
    </message>
    <message>
        <source>How prompts share prefixes; the prefix-cache hit rate follows from it (none = the hit rate as typed)</source>
        <translation>提示词如何共享前缀；前缀缓存命中率由此推出（无 = 使用手动填写的命中率）</translation>
    </message>
    <message>
        <source>Shared prefix tokens</source>
        <translation>共享前缀 token 数</translation>
    </message>
    <message>
        <source>The system prompt every request starts with, or one RAG document&apos;s tokens</source>
        <translation>每个请求开头的系统提示词，或一篇 RAG 文档的 token 数</translation>
    </message>
    <message>
        <source>Turns per conversation</source>
        <translation>每段对话轮数</translation>
    </message>
    <message>
        <source>Time between turns</source>
        <translation>两轮之间的间隔</translation>
    </message>
    <message>
        <source>How long a conversation&apos;s history waits in the cache for its next turn</source>
        <translation>对话历史在缓存中等待下一轮的时间</translation>
    </message>
    <message>
        <source>RAG documents</source>
        <translation>RAG 文档</translation>
    </message>
    <message>
        <source>Distinct documents prompts draw their leading document from</source>
        <translation>提示词开头文档所取自的不同文档数</translation>
    </message>
    <message>
        <source>KV offload to host memory</source>
        <translation>KV 卸载到主机内存</translation>
    </message>
    <message>
        <source>Host memory per replica that keeps KV evicted from the GPUs (LMCache&apos;s CPU backend); loaded back over PCIe</source>
        <translation>每个副本用于保存从 GPU 逐出的 KV 的主机内存（LMCache 的 CPU 后端）；经 PCIe 加载回 GPU</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>EAGLE head</source>
        <translation>EAGLE 草稿头</translation>
    </message>
    <message>
        <source>EAGLE-3 head</source>
        <translation>EAGLE-3 草稿头</translation>
    </message>
    <message>
        <source>MTP module</source>
        <translation>MTP 模块</translation>
    </message>
    <message>
        <source>None (typed hit rate)</source>
        <translation>无（手动填写命中率）</translation>
    </message>
    <message>
        <source>Shared system prompt</source>
        <translation>共享系统提示词</translation>
    </message>
    <message>
        <source>Prefill and decode</source>
        <translation>预填充与解码</translation>
    </message>
    <message>
        <source>Aggregated: each replica prefills and decodes. Disaggregated: prefill and decode pools apart, the KV cache moved between them. Auto: the planner tries both under a rate load and says why one wins</source>
        <translation>合并：每个副本既预填充也解码。分离：预填充池与解码池分开，KV 缓存在两者之间传输。自动：在速率负载下规划器两种都尝试，并说明哪种更优及原因</translation>
    </message>
    <message>
        <source>Prefill replicas</source>
        <translation>预填充副本数</translation>
    </message>
    <message>
        <source>Replicas of the prefill pool; empty = the fewest meeting the TTFT target</source>
        <translation>预填充池的副本数；留空 = 满足首 token 时间目标的最少副本数</translation>
    </message>
    <message>
        <source>Decode replicas</source>
        <translation>解码副本数</translation>
    </message>
    <message>
        <source>Replicas of the decode pool; empty = the fewest meeting the TPOT target</source>
        <translation>解码池的副本数；留空 = 满足每 token 时间目标的最少副本数</translation>
    </message>
    <message>
        <source>Prefill tensor parallel</source>
        <translation>预填充张量并行</translation>
    </message>
    <message>
        <source>GPUs per prefill replica (tensor parallel); empty = searched</source>
        <translation>每个预填充副本的 GPU 数（张量并行）；留空 = 自动搜索</translation>
    </message>
    <message>
        <source>Decode tensor parallel</source>
        <translation>解码张量并行</translation>
    </message>
    <message>
        <source>GPUs per decode replica (tensor parallel); empty = searched</source>
        <translation>每个解码副本的 GPU 数（张量并行）；留空 = 自动搜索</translation>
    </message>
    <message>
        <source>Aggregated</source>
        <translation>合并部署</translation>
    </message>
    <message>
        <source>Disaggregated (prefill and decode pools)</source>
        <translation>分离部署（预填充池与解码池）</translation>
    </message>
    <message>
        <source>Training stack</source>
        <translation>训练框架</translation>
    </message>
    <message>
        <source>The framework the team trains with: where it keeps the weights, gradients and optimizer states, how its loss holds the logits, and its evaluation</source>
        <translation>团队使用的训练框架：决定权重、梯度和优化器状态存放在哪里、损失函数如何保存 logits，以及它的评估设置</translation>
    </message>
    <message>
        <source>Between checkpoint saves; empty = the best interval for the failure rate</source>
        <translation>两次保存检查点之间的时间；留空 = 按故障率取最优间隔</translation>
    </message>
    <message>
        <source>Asynchronous checkpoints</source>
        <translation>异步检查点</translation>
    </message>
    <message>
        <source>Evaluation every (steps)</source>
        <translation>评估间隔（步）</translation>
    </message>
    <message>
        <source>Training steps between evaluations; empty = the stack&apos;s default, 0 = none</source>
        <translation>两次评估之间的训练步数；留空 = 框架默认值，0 = 不评估</translation>
    </message>
    <message>
        <source>Evaluation steps</source>
        <translation>评估步数</translation>
    </message>
    <message>
        <source>Forward-only steps per evaluation; empty = the stack&apos;s default</source>
        <translation>每次评估的仅前向步数；留空 = 框架默认值</translation>
    </message>
    <message>
        <source>Failures per GPU-day</source>
        <translation>每 GPU 每天故障数</translation>
    </message>
    <message>
        <source>Job interruptions per GPU per day; empty = the Llama 3 paper&apos;s 419 in 54 days on 16,384 GPUs</source>
        <translation>每块 GPU 每天的作业中断次数；留空 = Llama 3 论文的数据（16,384 块 GPU 上 54 天内 419 次）</translation>
    </message>
    <message>
        <source>Generic (ZeRO layout)</source>
        <translation>通用（ZeRO 布局）</translation>
    </message>
    <message>
        <source>Megatron-Core / NeMo</source>
        <translation>Megatron-Core / NeMo</translation>
    </message>
    <message>
        <source>torchtitan (FSDP2)</source>
        <translation>torchtitan（FSDP2）</translation>
    </message>
    <message>
        <source>NeMo AutoModel (FSDP2)</source>
        <translation>NeMo AutoModel（FSDP2）</translation>
    </message>
    <message>
        <source>DeepSpeed</source>
        <translation>DeepSpeed</translation>
    </message>
    <message>
        <source>RL algorithm</source>
        <translation>强化学习算法</translation>
    </message>
    <message>
        <source>Prompts per step</source>
        <translation>每步提示数</translation>
    </message>
    <message>
        <source>Responses per prompt</source>
        <translation>每个提示的回答数</translation>
    </message>
    <message>
        <source>Responses generated for each prompt (GRPO&apos;s group size)</source>
        <translation>每个提示生成的回答数（GRPO 的组大小）</translation>
    </message>
    <message>
        <source>Oversampling</source>
        <translation>过采样倍数</translation>
    </message>
    <message>
        <source>Responses generated per response kept (DAPO&apos;s dynamic sampling refills the groups it drops)</source>
        <translation>每保留一个回答需生成的回答数（DAPO 的动态采样会补足被丢弃的组）</translation>
    </message>
    <message>
        <source>RL prompt tokens</source>
        <translation>RL 提示 token 数</translation>
    </message>
    <message>
        <source>Mean response tokens</source>
        <translation>平均回答 token 数</translation>
    </message>
    <message>
        <source>Longest response tokens</source>
        <translation>最长回答 token 数</translation>
    </message>
    <message>
        <source>The longest response the engine allows: its tail ends the rollout</source>
        <translation>引擎允许的最长回答：其长尾决定采样何时结束</translation>
    </message>
    <message>
        <source>Passes per step</source>
        <translation>每步训练轮数</translation>
    </message>
    <message>
        <source>Optimizer steps per pass</source>
        <translation>每轮优化器步数</translation>
    </message>
    <message>
        <source>RL steps</source>
        <translation>RL 步数</translation>
    </message>
    <message>
        <source>Reference model</source>
        <translation>参考模型</translation>
    </message>
    <message>
        <source>A frozen copy of the actor scores the KL term; default: yes, but not for DAPO</source>
        <translation>由冻结的策略模型副本计算 KL 项；默认启用，DAPO 除外</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>奖励</translation>
    </message>
    <message>
        <source>Verifier CPU time per response</source>
        <translation>每个回答的验证器 CPU 时间</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>放置方式</translation>
    </message>
    <message>
        <source>Rollout GPUs</source>
        <translation>采样 GPU 数</translation>
    </message>
    <message>
        <source>Separate pools: GPUs that generate; empty = searched</source>
        <translation>分离部署：用于生成的 GPU 数；留空则自动搜索</translation>
    </message>
    <message>
        <source>Off-policy steps</source>
        <translation>异策略步数</translation>
    </message>
    <message>
        <source>Targets hold at</source>
        <translation>目标统计口径</translation>
    </message>
    <message>
        <source>The statistic the latency targets are checked at: the mean, or the share of requests at or under them (p90: nine in ten)</source>
        <translation>按哪种统计量检查延迟目标：平均值，或不超过目标的请求比例（p90：十个中有九个）</translation>
    </message>
    <message>
        <source>Prompt length spread</source>
        <translation>输入长度分布</translation>
    </message>
    <message>
        <source>How prompt lengths vary around their mean: fixed, lognormal or normal (with the spread below) or exponential</source>
        <translation>输入长度围绕均值的分布：固定、对数正态或正态（使用下面的离散度）或指数分布</translation>
    </message>
    <message>
        <source>Prompt spread (CV)</source>
        <translation>输入离散度（变异系数）</translation>
    </message>
    <message>
        <source>Standard deviation of the prompt lengths over their mean, for lognormal and normal</source>
        <translation>输入长度的标准差除以均值，用于对数正态和正态分布</translation>
    </message>
    <message>
        <source>Output length spread</source>
        <translation>输出长度分布</translation>
    </message>
    <message>
        <source>How output lengths vary around their mean: fixed, lognormal or normal (with the spread below) or exponential (chat-like: a long tail)</source>
        <translation>输出长度围绕均值的分布：固定、对数正态或正态（使用下面的离散度）或指数分布（类似聊天：长尾）</translation>
    </message>
    <message>
        <source>Output spread (CV)</source>
        <translation>输出离散度（变异系数）</translation>
    </message>
    <message>
        <source>Standard deviation of the output lengths over their mean, for lognormal and normal</source>
        <translation>输出长度的标准差除以均值，用于对数正态和正态分布</translation>
    </message>
    <message>
        <source>Burstiness</source>
        <translation>突发度</translation>
    </message>
    <message>
        <source>Arrivals of a rate load as vLLM&apos;s benchmark draws them: 1 = Poisson, below 1 burstier, above 1 more even</source>
        <translation>按 vLLM 基准测试的方式生成速率负载的到达：1 = 泊松，小于 1 更突发，大于 1 更均匀</translation>
    </message>
    <message>
        <source>Requests in the run</source>
        <translation>本次运行的请求数</translation>
    </message>
    <message>
        <source>A finite run of this many requests instead of a steady state (a benchmark of N prompts: its makespan includes the tail of the longest outputs); empty = steady state</source>
        <translation>按有限个请求运行而非稳态（N 个提示的基准测试：总时长包含最长输出的尾部）；留空 = 稳态</translation>
    </message>
    <message>
        <source>Fixed (every request the mean)</source>
        <translation>固定（每个请求都取均值）</translation>
    </message>
    <message>
        <source>Lognormal</source>
        <translation>对数正态</translation>
    </message>
    <message>
        <source>Exponential</source>
        <translation>指数</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>正态</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>Median (p50)</source>
        <translation>中位数（p50）</translation>
    </message>
    <message>
        <source>90th percentile</source>
        <translation>第 90 百分位</translation>
    </message>
    <message>
        <source>99th percentile</source>
        <translation>第 99 百分位</translation>
    </message>
    <message>
        <source>Separate pools: rollouts this many steps ahead of training (0 = synchronous)</source>
        <translation>分离部署：采样领先训练的步数（0 = 同步）</translation>
    </message>
    <message>
        <source>Hugging Face Trainer</source>
        <translation>Hugging Face Trainer</translation>
    </message>
    <message>
        <source>Unsloth</source>
        <translation>Unsloth</translation>
    </message>
    <message>
        <source>LitGPT (Lightning Fabric)</source>
        <translation>LitGPT（Lightning Fabric）</translation>
    </message>
    <message>
        <source>Auto (the cheaper)</source>
        <translation>自动（取更便宜者）</translation>
    </message>
    <message>
        <source>Multi-turn chat</source>
        <translation>多轮对话</translation>
    </message>
    <message>
        <source>Gradient precision</source>
        <translation>梯度精度</translation>
    </message>
    <message>
        <source>The width gradients are accumulated and reduced across data-parallel ranks at: the stack&apos;s default, fp32 or bf16 (Megatron --grad-reduce-in-bf16)</source>
        <translation>梯度累加及在数据并行各卡间归约所用的精度：训练栈的默认值、fp32 或 bf16（Megatron --grad-reduce-in-bf16）</translation>
    </message>
    <message>
        <source>The stack&apos;s default</source>
        <translation>训练栈默认</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Compare for MoE models</source>
        <translation>对 MoE 模型进行比较</translation>
    </message>
    <message>
        <source>Query and value (q_proj, v_proj)</source>
        <translation>查询和值（q_proj、v_proj）</translation>
    </message>
    <message>
        <source>Attention (q, k, v, o)</source>
        <translation>注意力（q、k、v、o）</translation>
    </message>
    <message>
        <source>All linear layers</source>
        <translation>所有线性层</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA 适配器</translation>
    </message>
    <message>
        <source>Distinct LoRA adapters the requests use, evenly, over the one base model; 0 = the base model only</source>
        <translation>请求均匀使用的不同 LoRA 适配器数量（共享同一基座模型）；0 = 仅基座模型</translation>
    </message>
    <message>
        <source>Adapter rank</source>
        <translation>适配器秩</translation>
    </message>
    <message>
        <source>Every adapter&apos;s rank, also the engine&apos;s max_lora_rank</source>
        <translation>每个适配器的秩，也是引擎的 max_lora_rank</translation>
    </message>
    <message>
        <source>Adapter targets</source>
        <translation>适配器目标模块</translation>
    </message>
    <message>
        <source>The modules each adapter adapts: what loading one copies</source>
        <translation>每个适配器所适配的模块：加载一个适配器时复制的内容</translation>
    </message>
    <message>
        <source>Adapters on the GPUs</source>
        <translation>GPU 上的适配器</translation>
    </message>
    <message>
        <source>GPU slots per replica, the adapters one batch may use (vLLM&apos;s --max-loras, SGLang&apos;s --max-loras-per-batch); empty = the engine&apos;s default</source>
        <translation>每个副本的 GPU 槽位数，即一个批次可使用的适配器数（vLLM 的 --max-loras，SGLang 的 --max-loras-per-batch）；留空 = 引擎默认值</translation>
    </message>
    <message>
        <source>Adapters in host memory</source>
        <translation>主机内存中的适配器</translation>
    </message>
    <message>
        <source>Adapters kept in host memory per replica (vLLM&apos;s --max-cpu-loras); empty = as many as on the GPUs</source>
        <translation>每个副本保存在主机内存中的适配器数（vLLM 的 --max-cpu-loras）；留空 = 与 GPU 上相同</translation>
    </message>
    <message>
        <source>Wide expert parallelism</source>
        <translation>大规模专家并行</translation>
    </message>
    <message>
        <source>For MoE models: compare one expert-parallel group over each candidate&apos;s GPUs, attention data-parallel, with the tensor-parallel replicas</source>
        <translation>针对 MoE 模型：将覆盖每个候选全部 GPU 的专家并行组（注意力数据并行）与张量并行副本进行比较</translation>
    </message>
    <message>
        <source>Redundant experts</source>
        <translation>冗余专家</translation>
    </message>
    <message>
        <source>Extra copies of the busiest experts the load balancer (EPLB) spreads over the group</source>
        <translation>负载均衡器（EPLB）在组内分布的最繁忙专家的额外副本</translation>
    </message>
    <message>
        <source>Two-batch overlap</source>
        <translation>双批次重叠</translation>
    </message>
    <message>
        <source>Split each step into two halves so one half&apos;s all-to-all runs during the other&apos;s compute (SGLang&apos;s --enable-two-batch-overlap)</source>
        <translation>将每一步拆成两半，使一半的 all-to-all 与另一半的计算同时进行（SGLang 的 --enable-two-batch-overlap）</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>llama.cpp (llama-server)</source>
        <translation>llama.cpp（llama-server）</translation>
    </message>
    <message>
        <source>Price surcharge</source>
        <translation>价格附加费率</translation>
    </message>
    <message>
        <source>A share added to every price the plan pays, quotes and storage included: a support plan billed as a share of the cloud bill, a tax the prices leave out, a reseller&apos;s margin</source>
        <translation>在方案支付的每项价格（含报价和存储）之上加收的比例：按云账单比例收取的技术支持计划、价格未含的税费、经销商加价</translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation>每个权重的位数</translation>
    </message>
    <message>
        <source>Bits each quantized weight takes with its scales and zero points (GPTQ or AWQ at group size 128: 4.156); empty: the weight format&apos;s own (int4: 4.5)</source>
        <translation>每个量化权重连同其缩放因子和零点所占的位数（GPTQ 或 AWQ 分组大小 128 时为 4.156）；留空则取权重格式本身的值（int4：4.5）</translation>
    </message>
    <message>
        <source>The longest request the engine admits, in tokens (vLLM&apos;s max_model_len; llama.cpp&apos;s --ctx-size, the cache its slots share); empty = prompt + output (llama.cpp: 4096)</source>
        <translation>引擎接受的最长请求，以 token 计（vLLM 的 max_model_len；llama.cpp 的 --ctx-size，即各槽位共享的缓存）；留空 = 提示 + 输出（llama.cpp：4096）</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>Each layer</source>
        <translation>每一层</translation>
    </message>
    <message>
        <source>Whole iteration</source>
        <translation>整个迭代</translation>
    </message>
    <message>
        <source>Once per rank and node (DeepEP)</source>
        <translation>每个进程和节点一次（DeepEP）</translation>
    </message>
    <message>
        <source>All-to-all (a copy per expert)</source>
        <translation>All-to-all（每个专家一份副本）</translation>
    </message>
    <message>
        <source>All-gather (every token)</source>
        <translation>All-gather（全部 token）</translation>
    </message>
    <message>
        <source>Flex (DeepEP, HybridEP)</source>
        <translation>Flex（DeepEP、HybridEP）</translation>
    </message>
    <message>
        <source>Master weights precision</source>
        <translation>主权重精度</translation>
    </message>
    <message>
        <source>The width of the optimizer&apos;s copy of the weights: fp32, or 16 bits (Megatron --main-params-dtype fp16, Apex distributed_fused_adam with dtype bf16)</source>
        <translation>优化器所存权重副本的位宽：fp32，或 16 位（Megatron --main-params-dtype fp16、Apex distributed_fused_adam 的 dtype bf16）</translation>
    </message>
    <message>
        <source>Recompute norms</source>
        <translation>重算归一化层</translation>
    </message>
    <message>
        <source>Megatron --recompute-modules layernorm: the norms&apos; outputs are dropped and recomputed in backward</source>
        <translation>Megatron --recompute-modules layernorm：丢弃归一化层的输出，在反向传播中重算</translation>
    </message>
    <message>
        <source>Recompute expert activation</source>
        <translation>重算专家激活</translation>
    </message>
    <message>
        <source>Megatron --recompute-modules moe_act: the experts&apos; activation output is dropped and recomputed in backward</source>
        <translation>Megatron --recompute-modules moe_act：丢弃专家激活函数的输出，在反向传播中重算</translation>
    </message>
    <message>
        <source>Recompute MLA up-projections</source>
        <translation>重算 MLA 上投影</translation>
    </message>
    <message>
        <source>Megatron --recompute-modules mla_up_proj: latent attention&apos;s query, key and value up-projections are dropped and recomputed in backward</source>
        <translation>Megatron --recompute-modules mla_up_proj：丢弃潜在注意力的查询、键、值上投影结果，在反向传播中重算</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA 图</translation>
    </message>
    <message>
        <source>What the stack captures as CUDA graphs in training: nothing, each layer or the whole iteration (Megatron --cuda-graph-impl)</source>
        <translation>训练框架在训练中捕获为 CUDA 图的范围：不捕获、每一层或整个迭代（Megatron --cuda-graph-impl）</translation>
    </message>
    <message>
        <source>MoE token dispatcher</source>
        <translation>MoE token 分发器</translation>
    </message>
    <message>
        <source>How tokens reach the expert-parallel ranks: once per rank and node (DeepEP, flex), one copy per routed expert (alltoall) or every token to every rank (allgather, Megatron&apos;s default)</source>
        <translation>token 如何送达专家并行的各进程：每个进程和节点一次（DeepEP、flex）、每个路由专家一份副本（alltoall），或每个 token 发往每个进程（allgather，Megatron 的默认）</translation>
    </message>
    <message>
        <source>FP8 all-gather</source>
        <translation>FP8 全收集</translation>
    </message>
    <message>
        <source>KV offload to local disk</source>
        <translation>KV 卸载到本地磁盘</translation>
    </message>
    <message>
        <source>Local NVMe per replica that keeps KV evicted from host memory (LMCache&apos;s local disk backend), at most the replica&apos;s share of the instance&apos;s drives; read back, then copied over PCIe</source>
        <translation>每个副本用于保存从主机内存逐出的 KV 的本地 NVMe（LMCache 的本地磁盘后端），至多为该副本在实例磁盘中所占的份额；先从磁盘读回，再经 PCIe 复制</translation>
    </message>
    <message>
        <source>Decode on another instance</source>
        <translation>解码池用其他实例</translation>
    </message>
    <message>
        <source>The decode pool may run on any other catalog instance among the candidates (prefill on H100 nodes, decode on A100 nodes), its KV crossing the network both have; each pool priced as its own instance&apos;s nodes</source>
        <translation>解码池可运行在候选中的任一其他目录实例上（如 H100 节点预填充、A100 节点解码），KV 缓存经两者共有的网络传输；每个池按其自身实例的节点计价</translation>
    </message>
    <message>
        <source>Gather the linear weights in FP8: half the gathered bytes and a smaller gather buffer. Under ZeRO-3/FSDP each rank casts its shard before the all-gather (torchtitan&apos;s FSDP float8 all-gather); under Megatron the distributed optimizer (ZeRO 1 or more, full fine-tuning) keeps the parameters in FP8 and all-gathers them in FP8 (--fp8-param-gather)</source>
        <translation>以 FP8 收集线性层权重：收集的字节减半，收集缓冲区更小。在 ZeRO-3/FSDP 下，每个 rank 在全收集前将其分片转换为 FP8（torchtitan 的 FSDP float8 全收集）；在 Megatron 下，分布式优化器（ZeRO 1 或以上，全量微调）将参数保持为 FP8 并以 FP8 全收集（--fp8-param-gather）</translation>
    </message>
    <message>
        <source>Overlap expert all-to-all</source>
        <translation>重叠专家 all-to-all</translation>
    </message>
    <message>
        <source>Megatron --overlap-moe-expert-parallel-comm: one micro-batch&apos;s forward runs beside another&apos;s backward, layer by layer, so each side&apos;s expert all-to-all hides behind the other&apos;s compute</source>
        <translation>Megatron --overlap-moe-expert-parallel-comm：一个微批次的前向与另一个微批次的反向逐层并行执行，使各自的专家 all-to-all 隐藏在对方的计算之后</translation>
    </message>
    <message>
        <source>Verifier processes</source>
        <translation>验证器进程数</translation>
    </message>
    <message>
        <source>Processes that score rule rewards side by side, at most the vCPUs; empty = one per vCPU of a node</source>
        <translation>并行为规则奖励打分的进程数，至多为 vCPU 数；留空 = 每个节点的每个 vCPU 一个进程</translation>
    </message>
    <message>
        <source>Engine CUDA graphs</source>
        <translation>引擎 CUDA 图</translation>
    </message>
    <message>
        <source>Off: the engine launches every kernel of a step from the host (vLLM&apos;s enforce_eager, SGLang&apos;s disable_cuda_graph), so a step lasts at least its layers&apos; launches</source>
        <translation>关闭：引擎每一步都由主机逐个启动全部内核（vLLM 的 enforce_eager、SGLang 的 disable_cuda_graph），因此每一步至少持续其各层内核启动的时间</translation>
    </message>
    <message>
        <source>Liger kernels</source>
        <translation>Liger 内核</translation>
    </message>
    <message>
        <source>Liger&apos;s kernels patched into a Hugging Face model (use_liger_kernel): its fused SwiGLU keeps the gate and up projections only and recomputes the activation in backward</source>
        <translation>在 Hugging Face 模型中打入 Liger 的内核（use_liger_kernel）：其融合 SwiGLU 只保存 gate 与 up 投影，反向时重算激活</translation>
    </message>
    <message>
        <source>Overlap tensor-parallel communication</source>
        <translation>重叠张量并行通信</translation>
    </message>
    <message>
        <source>Megatron --tp-comm-overlap: Transformer Engine runs each tensor-parallel all-gather and reduce-scatter in chunks beside the layer&apos;s matrix multiplications (needs sequence parallelism)</source>
        <translation>Megatron --tp-comm-overlap：Transformer Engine 将每次张量并行的 all-gather 与 reduce-scatter 分块，与该层的矩阵乘法同时进行（需要序列并行）</translation>
    </message>
    <message>
        <source>Layers only (loss on the last stage)</source>
        <translation>仅计 Transformer 层（损失在最后一段）</translation>
    </message>
    <message>
        <source>Embedding as a layer</source>
        <translation>嵌入层计为一层</translation>
    </message>
    <message>
        <source>Loss as a layer</source>
        <translation>损失计为一层</translation>
    </message>
    <message>
        <source>Embedding and loss as layers</source>
        <translation>嵌入层和损失各计为一层</translation>
    </message>
    <message>
        <source>Pipeline split</source>
        <translation>流水线切分</translation>
    </message>
    <message>
        <source>What the pipeline&apos;s layer split counts beside the transformer layers: nothing (the last stage also runs the output layer and loss, Megatron&apos;s default), or the embedding, the loss or both as one layer each (Megatron --account-for-embedding-in-pipeline-split, --account-for-loss-in-pipeline-split)</source>
        <translation>流水线按层切分时，除 Transformer 层外还计入什么：不计入（最后一段另外运行输出层和损失，Megatron 的默认做法），或把嵌入层、损失或两者各计为一层（Megatron --account-for-embedding-in-pipeline-split、--account-for-loss-in-pipeline-split）</translation>
    </message>
    <message>
        <source>Pipeline layout</source>
        <translation>流水线布局</translation>
    </message>
    <message>
        <source>Each pipeline stage&apos;s layers as Megatron writes them (--pipeline-model-parallel-layout): E the embedding, t a decoder layer, m an MTP layer, L the output layer and loss, | between stages, *n repeats, e.g. Et*3|(tt|)*29,m|L; its stages are pipeline x virtual stages. Empty: the pipeline split places the layers</source>
        <translation>按 Megatron 的写法给出流水线每一段的层（--pipeline-model-parallel-layout）：E 为嵌入层，t 为一个解码器层，m 为一个 MTP 层，L 为输出层和损失，| 分隔各段，*n 表示重复，例如 Et*3|(tt|)*29,m|L；段数为流水线并行度 x 虚拟段数。留空：由流水线切分放置各层</translation>
    </message>
    <message>
        <source>DeepEP</source>
        <translation>DeepEP</translation>
    </message>
    <message>
        <source>HybridEP</source>
        <translation>HybridEP</translation>
    </message>
    <message>
        <source>Flex dispatcher backend</source>
        <translation>Flex 分发器后端</translation>
    </message>
    <message>
        <source>The kernels of the flex dispatcher (Megatron --moe-flex-dispatcher-backend): DeepEP (Megatron&apos;s default) or HybridEP</source>
        <translation>flex 分发器的内核（Megatron --moe-flex-dispatcher-backend）：DeepEP（Megatron 的默认值）或 HybridEP</translation>
    </message>
    <message>
        <source>Flex dispatcher SMs</source>
        <translation>Flex 分发器 SM 数</translation>
    </message>
    <message>
        <source>Streaming multiprocessors the flex dispatcher&apos;s kernels hold (Megatron --moe-flex-dispatcher-num-sms); empty = the backend&apos;s default</source>
        <translation>flex 分发器内核占用的流式多处理器（SM）数（Megatron --moe-flex-dispatcher-num-sms）；留空 = 该后端的默认值</translation>
    </message>
</context>
<context>
    <name>FrontierView</name>
    <message>
        <source>%1 GPU-hours</source>
        <translation>%1 GPU 小时</translation>
    </message>
    <message>
        <source>%1 / M tokens</source>
        <translation>%1 / 百万 token</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;%3, %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;%3，%4</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;The chosen configuration</source>
        <translation>&lt;br&gt;选定的配置</translation>
    </message>
    <message>
        <source>&lt;br&gt;On the frontier: nothing is both cheaper and faster</source>
        <translation>&lt;br&gt;位于前沿：没有其他配置既更便宜又更快</translation>
    </message>
    <message>
        <source>Cost against time: %1</source>
        <translation>费用与时间：%1</translation>
    </message>
    <message>
        <source>Configurations that fit</source>
        <translation>放得下的配置</translation>
    </message>
    <message>
        <source>Frontier</source>
        <translation>前沿</translation>
    </message>
    <message>
        <source>Chosen</source>
        <translation>选定</translation>
    </message>
    <message>
        <source>Hours per request batch</source>
        <translation>每批请求的小时数</translation>
    </message>
    <message>
        <source>Hours to finish</source>
        <translation>完成所需小时数</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Cost per million tokens (%1)</source>
        <translation>每百万 token 费用（%1）</translation>
    </message>
    <message>
        <source>Cost (%1)</source>
        <translation>费用（%1）</translation>
    </message>
</context>
<context>
    <name>NoPriceText</name>
    <message>
        <source>has no price under the counted billing modes</source>
        <translation>在计入的计费方式下没有价格</translation>
    </message>
    <message>
        <source>has no price listed in %1</source>
        <translation>在%1没有标价</translation>
    </message>
    <message>
        <source>has no price listed in %1 (none published)</source>
        <translation>在%1没有标价（未公开价格）</translation>
    </message>
    <message>
        <source>it is priced %1 only, which the plan does not count</source>
        <translation>它只有%1价格，方案未计入这种计费方式</translation>
    </message>
    <message>
        <source>it has a price in %1 (pick that region in Choose Candidates…)</source>
        <translation>它在%1有价格（可在“选择候选…”中选该地域）</translation>
    </message>
    <message>
        <source>import a price (File › Import Cloud Prices…, or Edit Price… on the Candidates tab) to compare its cost</source>
        <translation>导入价格（文件 › 导入云价格…，或“候选”页的“编辑价格…”）即可比较其费用</translation>
    </message>
    <message>
        <source>Import a price (File › Import Cloud Prices…, or Edit Price… on the Candidates tab) to compare a candidate without one on cost.</source>
        <translation>导入价格（文件 › 导入云价格…，或“候选”页的“编辑价格…”）即可比较没有标价的候选的费用。</translation>
    </message>
</context>
<context>
    <name>NumberFormat</name>
    <message>
        <source>%1 TiB</source>
        <translation>%1 TiB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>%1 T</source>
        <translation>%1 T</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 M</translation>
    </message>
    <message>
        <source>%1 K</source>
        <translation>%1 K</translation>
    </message>
</context>
<context>
    <name>PlanDocument</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
</context>
<context>
    <name>RegionText</name>
    <message>
        <source>Guangzhou</source>
        <translation>广州</translation>
    </message>
    <message>
        <source>Shanghai</source>
        <translation>上海</translation>
    </message>
    <message>
        <source>Beijing</source>
        <translation>北京</translation>
    </message>
    <message>
        <source>Nanjing</source>
        <translation>南京</translation>
    </message>
    <message>
        <source>Chengdu</source>
        <translation>成都</translation>
    </message>
    <message>
        <source>Hong Kong</source>
        <translation>中国香港</translation>
    </message>
    <message>
        <source>Tokyo</source>
        <translation>东京</translation>
    </message>
    <message>
        <source>Singapore</source>
        <translation>新加坡</translation>
    </message>
    <message>
        <source>Seoul</source>
        <translation>首尔</translation>
    </message>
    <message>
        <source>US East, N. Virginia</source>
        <translation>美国东部（弗吉尼亚北部）</translation>
    </message>
    <message>
        <source>Iowa</source>
        <translation>爱荷华</translation>
    </message>
    <message>
        <source>East US</source>
        <translation>美国东部</translation>
    </message>
    <message>
        <source>West US 3</source>
        <translation>美国西部 3</translation>
    </message>
    <message>
        <source>mainland China</source>
        <translation>中国大陆</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>region: place (id)</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Chongqing</source>
        <translation>重庆</translation>
    </message>
</context>
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
        <translation>这是唯一放得下的候选。</translation>
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
        <translation>该候选没有已知价格：排名未考虑其费用。</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>推荐配置</translation>
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
        <translation>CPU 卸载</translation>
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
        <translation>默认参数</translation>
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
    <message>
        <source>Storage (disk for the run)</source>
        <translation>存储（运行期间的云盘）</translation>
    </message>
    <message>
        <source>Sources are named by key; the table below gives their titles and addresses.</source>
        <translation>来源以键名标注；下表列出其标题与地址。</translation>
    </message>
    <message>
        <source>%1 / M tokens</source>
        <translation>%1 / 百万 token</translation>
    </message>
    <message>
        <source>Billing modes counted</source>
        <translation>计入的计费方式</translation>
    </message>
    <message>
        <source>Ranked best first; %1 of %2 candidates fit. Memory is per GPU against its capacity; cost is under the cheapest billing mode the plan counts.</source>
        <translation>按优劣排序；%2 个候选中有 %1 个放得下。显存为单卡用量与容量之比；费用按方案计入的最便宜计费方式计算。</translation>
    </message>
    <message>
        <source>Cost / M tokens</source>
        <translation>每百万 token 费用</translation>
    </message>
    <message>
        <source>%1 (%2 parameters)</source>
        <translation>%1（%2 参数）</translation>
    </message>
    <message>
        <source>Serve %1 to %2 concurrent requests of %3 prompt and %4 output tokens in %5.</source>
        <translation>以 %5 部署 %1，服务 %2 个并发请求，每个请求 %3 个提示 token、%4 个输出 token。</translation>
    </message>
    <message>
        <source>%1 of %2 on %3 tokens at sequence length %4 in %5.</source>
        <translation>用 %3 个 token、序列长度 %4、%5 对 %2 做%1。</translation>
    </message>
    <message numerus="yes">
        <source>Objective: %1. %n candidate(s) compared; billing modes counted: %2.</source>
        <translation>
            <numerusform>目标：%1。比较了 %n 个候选；计入的计费方式：%2。</numerusform>
        </translation>
    </message>
    <message>
        <source>Runners-up</source>
        <translation>次优候选</translation>
    </message>
    <message>
        <source>Why not first</source>
        <translation>未排第一的原因</translation>
    </message>
    <message>
        <source>A price cut of %1 on %2 would make it the cheaper choice.</source>
        <translation>%2 降价 %1 即可成为更便宜的选择。</translation>
    </message>
    <message>
        <source>%1 would have to run %2 faster to finish first.</source>
        <translation>%1 需要快 %2 才能最先完成。</translation>
    </message>
    <message>
        <source>Counting %1 would put the recommendation at %2 (%3 days to finish); the plan does not count it.</source>
        <translation>若计入%1，推荐配置的费用为 %2（%3 天完成）；本方案未计入该计费方式。</translation>
    </message>
    <message>
        <source>A deadline shorter than %1 would rule the recommendation out.</source>
        <translation>截止时间短于 %1 时，推荐配置将不再可行。</translation>
    </message>
    <message>
        <source>%1 does not fit as planned: %2</source>
        <translation>%1 按当前方案放不下：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s) do not fit; the table on the next pages says why.</source>
        <translation>
            <numerusform>%n 个候选放不下；后面几页的表格说明了原因。</numerusform>
        </translation>
    </message>
    <message>
        <source>What would change the answer</source>
        <translation>什么会改变结论</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1，用时 %2</translation>
    </message>
    <message>
        <source>misses deadline</source>
        <translation>超出截止时间</translation>
    </message>
    <message>
        <source>over budget</source>
        <translation>超出预算</translation>
    </message>
    <message>
        <source>The question in detail</source>
        <translation>问题详情</translation>
    </message>
    <message>
        <source>The other %1 candidates are in the table of candidates above, with their configuration, memory, time, cost and bottleneck.</source>
        <translation>其余 %1 个候选见上方的候选表，包括其配置、显存、时间、费用和瓶颈。</translation>
    </message>
    <message>
        <source>Scenarios compared</source>
        <translation>场景比较</translation>
    </message>
    <message>
        <source>The plan and each of its scenarios, answered alike: the best candidate of each, its cost under the cheapest billing mode the scenario counts and its time, and the difference to the baseline (%1).</source>
        <translation>方案及其各场景按同一方法求解：各自的最佳候选、在该场景计入的最便宜计费方式下的费用和时间，以及与基准（%1）的差异。</translation>
    </message>
    <message>
        <source>time to first token under %1</source>
        <translation>首 token 时间低于 %1</translation>
    </message>
    <message>
        <source>time per output token under %1</source>
        <translation>每输出 token 时间低于 %1</translation>
    </message>
    <message>
        <source>no latency targets</source>
        <translation>无延迟目标</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>Latency targets</source>
        <translation>延迟目标</translation>
    </message>
    <message>
        <source>as the precision</source>
        <translation>与计算精度相同</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>as the load needs</source>
        <translation>按负载需要</translation>
    </message>
    <message>
        <source>Requests per month</source>
        <translation>每月请求数</translation>
    </message>
    <message>
        <source>always on</source>
        <translation>全天候运行</translation>
    </message>
    <message>
        <source>GPU memory utilization %1</source>
        <translation>显存利用率 %1</translation>
    </message>
    <message>
        <source>max sequences %1</source>
        <translation>最大序列数 %1</translation>
    </message>
    <message>
        <source>max batched tokens %1</source>
        <translation>最大批处理 token 数 %1</translation>
    </message>
    <message>
        <source>prefix cache hit rate %1</source>
        <translation>前缀缓存命中率 %1</translation>
    </message>
    <message>
        <source>release %1.%2.%3&apos;s scheduler loop and CUDA graphs</source>
        <translation>按 %1.%2.%3 版的调度循环与 CUDA 图</translation>
    </message>
    <message>
        <source>version states no release number: today&apos;s defaults</source>
        <translation>版本未给出版本号：按当前默认值</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>推理引擎</translation>
    </message>
    <message>
        <source>engine defaults</source>
        <translation>引擎默认值</translation>
    </message>
    <message>
        <source>Serve %1 at %2, requests of %3 prompt and %4 output tokens in %5; %6.</source>
        <translation>以 %5 部署 %1，负载为%2，每个请求 %3 个输入 token、%4 个输出 token；%6。</translation>
    </message>
    <message>
        <source>TTFT / TPOT</source>
        <translation>TTFT / TPOT</translation>
    </message>
    <message>
        <source>It is the cheapest per million tokens of the %1 candidates that fit: %2, against %3 for the runner-up, %4</source>
        <translation>在 %1 个放得下的候选中每百万 token 成本最低：%2，次优的 %4 为 %3</translation>
    </message>
    <message>
        <source>At %1 it answers with a first token after %2 and %3 per output token (%4); %5 replicas give %6 output tokens/s.</source>
        <translation>在%1下，首 token 时间为 %2，每输出 token 时间为 %3（%4）；%5 个副本共输出 %6 token/秒。</translation>
    </message>
    <message>
        <source>Deployment</source>
        <translation>部署</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>每输出 token 时间</translation>
    </message>
    <message>
        <source>Output tokens/s</source>
        <translation>输出 token/秒</translation>
    </message>
    <message>
        <source>%1 per replica, %2 in all</source>
        <translation>每副本 %1，合计 %2</translation>
    </message>
    <message>
        <source>Requests in flight</source>
        <translation>在途请求</translation>
    </message>
    <message>
        <source>%1 per replica (limit: %2)</source>
        <translation>每副本 %1 个（限制因素：%2）</translation>
    </message>
    <message>
        <source>Cost / M output tokens</source>
        <translation>每百万输出 token 费用</translation>
    </message>
    <message>
        <source>Monthly cost</source>
        <translation>月度费用</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>限制因素</translation>
    </message>
    <message>
        <source>Serving: throughput, latency and cost</source>
        <translation>推理服务：吞吐、延迟与成本</translation>
    </message>
    <message>
        <source>Per candidate at its operating point: %1 of %2 prompt and %3 output tokens; %4. Throughput is per replica; cost is under the cheapest billing mode the plan counts.</source>
        <translation>各候选在其工作点的数据：%1，每个请求 %2 个输入 token、%3 个输出 token；%4。吞吐按每副本计；成本按方案计入的最便宜计费方式计算。</translation>
    </message>
    <message>
        <source>In flight / replica</source>
        <translation>每副本在途</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>TPOT</source>
        <translation>TPOT</translation>
    </message>
    <message>
        <source>Output tok/s / replica</source>
        <translation>每副本输出 token/秒</translation>
    </message>
    <message>
        <source>Meets SLO</source>
        <translation>满足 SLO</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>%1 tokens per replica, %2 requests of full length</source>
        <translation>每副本 %1 个 token，可容纳 %2 个完整长度的请求</translation>
    </message>
    <message>
        <source>Operating point</source>
        <translation>工作点</translation>
    </message>
    <message>
        <source>%1 in flight per replica (limit: %2)</source>
        <translation>每副本在途 %1 个（限制因素：%2）</translation>
    </message>
    <message>
        <source>%1 per replica</source>
        <translation>每副本 %1</translation>
    </message>
    <message>
        <source>%1 (the engine takes %2, leaves %3 unused)</source>
        <translation>%1（引擎占用 %2，留下 %3 未用）</translation>
    </message>
    <message>
        <source>%1.</source>
        <comment>a sentence ended with a full stop</comment>
        <translation>%1。</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Eager (no fused kernel)</source>
        <translation>普通实现（无融合内核）</translation>
    </message>
    <message>
        <source>, FP8 scaling: %1</source>
        <translation>，FP8 缩放：%1</translation>
    </message>
    <message>
        <source>%1, weights in %2</source>
        <translation>%1，权重为 %2</translation>
    </message>
    <message>
        <source>Largest overhead</source>
        <translation>最大开销</translation>
    </message>
    <message>
        <source>Your price quotes</source>
        <translation>您的报价</translation>
    </message>
    <message>
        <source>%1 per hour</source>
        <translation>每小时 %1</translation>
    </message>
    <message>
        <source>%1 per month</source>
        <translation>每月 %1</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
    <message>
        <source>catalog figures</source>
        <translation>目录价格</translation>
    </message>
    <message>
        <source>These come from your catalog overrides, not from the plan: the command-line tool answers the plan the same way only when given them (--overrides FILE).</source>
        <translation>这些报价来自您的目录覆盖文件，而不在方案中：命令行工具只有在提供它们时（--overrides FILE）才会给出相同的结果。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>What each scenario changes from the baseline</source>
        <translation>各场景相对基准的改动</translation>
    </message>
    <message>
        <source>Speculative decoding</source>
        <translation>投机解码</translation>
    </message>
    <message>
        <source>%1 / %2 / %3</source>
        <translation>%1 / %2 / %3</translation>
    </message>
    <message>
        <source>TTFT p50 / p90 / p99</source>
        <translation>首 token 时间 p50 / p90 / p99</translation>
    </message>
    <message>
        <source>TPOT p50 / p90 / p99</source>
        <translation>每输出 token 时间 p50 / p90 / p99</translation>
    </message>
    <message>
        <source>Latency p50 / p90 / p99</source>
        <translation>请求延迟 p50 / p90 / p99</translation>
    </message>
    <message>
        <source>Run of %1 requests</source>
        <translation>%1 个请求的运行</translation>
    </message>
    <message>
        <source>makespan %1</source>
        <translation>总时长 %1</translation>
    </message>
    <message>
        <source>at the %1</source>
        <translation>按 %1 统计</translation>
    </message>
    <message>
        <source>KV transfer</source>
        <translation>KV 传输</translation>
    </message>
    <message>
        <source>Prefix cache</source>
        <translation>前缀缓存</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA 适配器</translation>
    </message>
    <message>
        <source>Wide expert parallelism</source>
        <translation>大规模专家并行</translation>
    </message>
    <message>
        <source>no price
none listed in %1</source>
        <translation>无价格
%1 无标价</translation>
    </message>
    <message>
        <source>Not compared on cost: %1 %2.</source>
        <translation>未比较费用：%1 %2。</translation>
    </message>
    <message>
        <source>, weights all-gathered in FP8</source>
        <translation>，权重以 FP8 全收集</translation>
    </message>
</context>
<context>
    <name>ReportSensitivity</name>
    <message>
        <source>Sensitivity: %1, one uncertain input at a time.</source>
        <translation>敏感性：%1，每次只变动一项不确定输入。</translation>
    </message>
    <message>
        <source>%1.</source>
        <comment>a sentence&apos;s full stop</comment>
        <translation>%1。</translation>
    </message>
</context>
<context>
    <name>RlAnswerText</name>
    <message numerus="yes">
        <source>%1 (%n GPU(s))</source>
        <translation>
            <numerusform>%1（%n 张 GPU）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 GiB per GPU, fits</source>
        <translation>每卡 %1 / %2 GiB，放得下</translation>
    </message>
    <message>
        <source>%1 of %2 GiB per GPU, does not fit</source>
        <translation>每卡 %1 / %2 GiB，放不下</translation>
    </message>
    <message>
        <source>No candidate to answer.</source>
        <translation>没有可回答的候选。</translation>
    </message>
    <message>
        <source>No candidate can run this RL plan.</source>
        <translation>没有候选能运行该 RL 方案。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>Recommended: %1, %n GPU(s) (%2).</source>
        <translation>
            <numerusform>推荐：%1，%n 张 GPU（%2）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Closest: %1, %n GPU(s) (%2); it misses the plan&apos;s limit.</source>
        <translation>
            <numerusform>最接近：%1，%n 张 GPU（%2）；未满足方案的限制。</numerusform>
        </translation>
    </message>
    <message>
        <source>Placement: %1; rollout engines %2; trainer %3.</source>
        <translation>放置：%1；采样引擎 %2；训练 %3。</translation>
    </message>
    <message>
        <source>One RL step takes %1 (rollout %2, training side %3, %4 hidden by async rollouts); %5 limits it.</source>
        <translation>每个 RL 步耗时 %1（采样 %2，训练侧 %3，异步采样掩盖 %4）；瓶颈阶段为%5。</translation>
    </message>
    <message>
        <source>%1 steps at %2 steps per hour: %3.</source>
        <translation>%1 步，每小时 %2 步：%3。</translation>
    </message>
    <message>
        <source>Cost %1 (%2), %3 per 1,000 prompts.</source>
        <translation>费用 %1（%2），每千个提示 %3。</translation>
    </message>
    <message>
        <source>No price is known for it: %1 GPU-hours.</source>
        <translation>无已知价格：%1 GPU 小时。</translation>
    </message>
    <message>
        <source>Peak memory: %1.</source>
        <translation>峰值显存：%1。</translation>
    </message>
    <message numerus="yes">
        <source>and %n more in the table.</source>
        <translation>
            <numerusform>表中还有 %n 个。</numerusform>
        </translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Runs on</source>
        <translation>运行位置</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>RlChartText</name>
    <message>
        <source>RL step time by phase</source>
        <translation>RL 单步各阶段耗时</translation>
    </message>
    <message>
        <source>Seconds per RL step</source>
        <translation>每个 RL 步的秒数</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Usable per GPU: %1 GiB (fits)</source>
        <translation>每卡可用：%1 GiB（放得下）</translation>
    </message>
    <message>
        <source>Usable per GPU: %1 GiB (does not fit)</source>
        <translation>每卡可用：%1 GiB（放不下）</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>每卡 GiB</translation>
    </message>
    <message numerus="yes">
        <source>%1&lt;br&gt;%n GPU(s)</source>
        <translation>
            <numerusform>%1&lt;br&gt;%n 张 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>Memory per GPU by phase&lt;br&gt;%1</source>
        <translation>各阶段每卡显存&lt;br&gt;%1</translation>
    </message>
</context>
<context>
    <name>RlReportText</name>
    <message>
        <source>Actor</source>
        <translation>策略模型</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Technique</source>
        <translation>训练技术</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 参数</translation>
    </message>
    <message>
        <source>Reward model</source>
        <translation>奖励模型</translation>
    </message>
    <message>
        <source>Critic</source>
        <translation>价值模型</translation>
    </message>
    <message>
        <source>the actor&apos;s model</source>
        <translation>与策略模型相同</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>The question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Every candidate</source>
        <translation>全部候选</translation>
    </message>
    <message>
        <source>%1: phases of one RL step</source>
        <translation>%1：一个 RL 步的各阶段</translation>
    </message>
    <message>
        <source>%1; rollout engines %2; trainer %3. Peak memory %4.</source>
        <translation>%1；采样引擎 %2；训练 %3。峰值显存 %4。</translation>
    </message>
    <message>
        <source>The answer</source>
        <translation>答案</translation>
    </message>
    <message>
        <source>Why the others lose</source>
        <translation>其他候选落选的原因</translation>
    </message>
    <message>
        <source>How it is modelled</source>
        <translation>建模方法</translation>
    </message>
    <message>
        <source>Rollout with the serving engine&apos;s step model and the long tail of response lengths; forwards and training with the training model at the trainer&apos;s layout; weight sync over the GPUs&apos; links. Sources and accuracy: docs/rl-post-training.md.</source>
        <translation>采样使用推理引擎的单步模型并计入回答长度的长尾；前向与训练使用训练模型按训练布局估算；权重同步按 GPU 的链路估算。来源与精度见 docs/rl-post-training.md。</translation>
    </message>
    <message>
        <source>Set in the plan</source>
        <translation>方案中设定</translation>
    </message>
</context>
<context>
    <name>ScenarioChart</name>
    <message>
        <source>Cost and time per scenario</source>
        <translation>各场景的费用与时间</translation>
    </message>
    <message>
        <source>Cost per million tokens (%1)</source>
        <translation>每百万 token 费用（%1）</translation>
    </message>
    <message>
        <source>Cost (%1)</source>
        <translation>费用（%1）</translation>
    </message>
    <message>
        <source>Time per request batch (hours)</source>
        <translation>每批请求时间（小时）</translation>
    </message>
    <message>
        <source>Time to finish (hours)</source>
        <translation>完成时间（小时）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2, %3 GPUs&lt;br&gt;%4&lt;br&gt;%5, %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2，%3 块 GPU&lt;br&gt;%4&lt;br&gt;%5，%6</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>小时</translation>
    </message>
</context>
<context>
    <name>gpui::BudgetFleetModel</name>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>地域</translation>
    </message>
    <message>
        <source>Machines</source>
        <translation>机器数</translation>
    </message>
    <message>
        <source>Commitment by month</source>
        <translation>各月计费方式</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message numerus="yes">
        <source>Exact (%n unit(s))</source>
        <translation>
            <numerusform>精确（%n 个单元）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Greedy (%n unit(s))</source>
        <translation>
            <numerusform>贪心（%n 个单元）</numerusform>
        </translation>
    </message>
    <message>
        <source>Spot, not shared</source>
        <translation>竞价实例，不共享</translation>
    </message>
    <message numerus="yes">
        <source>Placement: exact. Every way of putting the pool&apos;s %n machine unit(s) on machines was tried.</source>
        <translation>
            <numerusform>放置方式：精确。已尝试把该池的 %n 个机器单元放到机器上的每一种方式。</numerusform>
        </translation>
    </message>
    <message>
        <source>Placement: greedy. The pool has %1 machine units, more than the %2 tried every way: its hours are stacked onto machines, or each unit kept on its own machine when that bills less.</source>
        <translation>放置方式：贪心。该池有 %1 个机器单元，多于逐一尝试的 %2 个：其小时按层叠放到机器上，或在账单更低时每个单元各占一台机器。</translation>
    </message>
    <message>
        <source>Placement: spot machines, billed by the item&apos;s own hours and not shared.</source>
        <translation>放置方式：竞价实例，按该项目自己的小时计费，不共享。</translation>
    </message>
</context>
<context>
    <name>gpui::BudgetReport</name>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>地域</translation>
    </message>
    <message>
        <source>Machines</source>
        <translation>机器数</translation>
    </message>
    <message>
        <source>Spend</source>
        <translation>支出</translation>
    </message>
    <message>
        <source>Alone</source>
        <translation>单独计费</translation>
    </message>
    <message>
        <source>kWh</source>
        <translation>千瓦时</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation>机群</translation>
    </message>
    <message>
        <source>Commitment by month</source>
        <translation>各月计费方式</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Months</source>
        <translation>各月</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>月份</translation>
    </message>
    <message>
        <source>Cumulative</source>
        <translation>累计</translation>
    </message>
    <message>
        <source>kg CO2</source>
        <translation>千克二氧化碳</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>放置方式</translation>
    </message>
</context>
<context>
    <name>gpui::BudgetSpendChart</name>
    <message>
        <source>Spend by month</source>
        <translation>每月支出</translation>
    </message>
    <message>
        <source>Unused commitment</source>
        <translation>未使用的承诺</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>月份</translation>
    </message>
    <message>
        <source>Spend (%1)</source>
        <translation>支出（%1）</translation>
    </message>
    <message>
        <source>Monthly cap</source>
        <translation>每月上限</translation>
    </message>
    <message>
        <source>Total cap breaks</source>
        <translation>总上限被突破</translation>
    </message>
    <message>
        <source>Monthly cap breaks</source>
        <translation>每月上限被突破</translation>
    </message>
</context>
<context>
    <name>gpui::BudgetTimeline</name>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>not placed under the stock</source>
        <translation>库存不足，未能安排</translation>
    </message>
</context>
<context>
    <name>gpui::BudgetView</name>
    <message>
        <source>Open Budget</source>
        <translation>打开预算</translation>
    </message>
    <message>
        <source>Budgets (%1);;All files (*)</source>
        <translation>预算文件 (%1);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Every item</source>
        <translation>所有项目</translation>
    </message>
    <message>
        <source>As in the budget</source>
        <translation>按预算文件</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>%1 over %2 months</source>
        <translation>%2 个月共 %1</translation>
    </message>
    <message>
        <source>, and %1 of reservations past the horizon</source>
        <translation>，另有 %1 预留实例券费用落在预算期之后</translation>
    </message>
    <message>
        <source>. Billed alone the items would cost %1; sharing machines saves %2.</source>
        <translation>。各项单独计费共 %1；共用机器节省 %2。</translation>
    </message>
    <message numerus="yes">
        <source> %n item(s) failed.</source>
        <translation>
            <numerusform> %n 个项目失败。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> %n item(s) cannot be placed under the stock.</source>
        <translation>
            <numerusform> %n 个项目因库存不足无法安排。</numerusform>
        </translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>No stock for it in the allowed regions</source>
        <translation>允许的地域中没有库存</translation>
    </message>
    <message>
        <source>No stock for it in the allowed regions; %1 would take it</source>
        <translation>允许的地域中没有库存；%1 可以容纳</translation>
    </message>
    <message>
        <source>Moved from %1: %2</source>
        <translation>已从 %1 移出：%2</translation>
    </message>
    <message>
        <source>sold out</source>
        <translation>售罄</translation>
    </message>
    <message>
        <source>over the stock or quota</source>
        <translation>超出库存或配额</translation>
    </message>
    <message>
        <source>on spot machines</source>
        <translation>使用竞价实例</translation>
    </message>
    <message>
        <source>The total cap of %1 breaks in month %2 (%3 by then; %4 over by the end).</source>
        <translation>总上限 %1 在第 %2 个月被突破（届时累计 %3；期末超出 %4）。</translation>
    </message>
    <message>
        <source>Buying %1 × %2: rent %3 over the horizon against %4 in cash (%5 after depreciation).</source>
        <translation>购买 %1 台 %2：预算期内租用 %3，购买现金支出 %4（按折旧计 %5）。</translation>
    </message>
    <message>
        <source>Owning never pays off.</source>
        <translation>购买始终不如租用划算。</translation>
    </message>
    <message>
        <source>Owning pays off in month %1, past the horizon.</source>
        <translation>购买在第 %1 个月回本（在预算期之后）。</translation>
    </message>
    <message>
        <source>Owning pays off in month %1.</source>
        <translation>购买在第 %1 个月回本。</translation>
    </message>
    <message>
        <source>Answered in %1</source>
        <translation>用时 %1</translation>
    </message>
    <message>
        <source>Energy: %1 kWh at the wall, %2 t CO2.</source>
        <translation>能耗：%1 千瓦时（含 PUE），%2 吨二氧化碳。</translation>
    </message>
    <message>
        <source>Export Budget CSV</source>
        <translation>导出预算 CSV</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export Budget PDF</source>
        <translation>导出预算 PDF</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>&amp;Open Budget…</source>
        <translation>打开预算(&amp;O)…</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>导出 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Export &amp;PDF…</source>
        <translation>导出 PDF(&amp;P)…</translation>
    </message>
    <message>
        <source>What if &amp;item:</source>
        <translation>假设项目(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Traffic ×</source>
        <translation>流量倍数(&amp;T) ×</translation>
    </message>
    <message>
        <source>&amp;Later by (months):</source>
        <translation>推迟月数(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Region:</source>
        <translation>地域(&amp;R)：</translation>
    </message>
    <message>
        <source>%1 cancelled: nothing was written</source>
        <translation>%1 已取消：没有写入任何文件</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1失败：%2</translation>
    </message>
    <message>
        <source>Budget answer</source>
        <translation>预算计算</translation>
    </message>
    <message>
        <source>month %1</source>
        <translation>第 %1 个月</translation>
    </message>
    <message>
        <source>months %1–%2</source>
        <translation>第 %1–%2 个月</translation>
    </message>
    <message>
        <source>months %1</source>
        <extracomment>a list of month numbers, &quot;months 3, 5, 9&quot; / &quot;第 3、5、9 个月&quot;</extracomment>
        <translation>第 %1 个月</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between month numbers</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>The monthly cap of %1 is passed in %2 (up to %3, %4 over).</source>
        <translation>每月上限 %1 在%2被突破（最高 %3，超出 %4）。</translation>
    </message>
    <message>
        <source>The monthly cap of %1 is passed in %2 (%3, %4 over).</source>
        <translation>每月上限 %1 在%2被突破（%3，超出 %4）。</translation>
    </message>
    <message>
        <source>&amp;Undo: %1</source>
        <translation>撤销(&amp;U)：%1</translation>
    </message>
    <message>
        <source>Looking for a gentler fix</source>
        <translation>正在寻找更温和的修正</translation>
    </message>
    <message numerus="yes">
        <source>Start %1 %n month(s) later</source>
        <comment>a gentler fix of a budget cap, on a button</comment>
        <translation>
            <numerusform>将 %1 推迟 %n 个月开始</numerusform>
        </translation>
    </message>
    <message>
        <source>Serve %1 at %2% of its traffic</source>
        <comment>a gentler fix of a budget cap, on a button</comment>
        <translation>以 %1 流量的 %2% 提供服务</translation>
    </message>
    <message>
        <source>No later start of one item or share of one item&apos;s traffic holds the cap.</source>
        <translation>推迟某一项的开始或只承接某一项的部分流量，都无法守住上限。</translation>
    </message>
    <message>
        <source>Gentler fix:</source>
        <translation>更温和的修正：</translation>
    </message>
    <message>
        <source>Answers the budget again with this change, on top of the what-if; Undo (Ctrl+Z) takes it back.</source>
        <translation>在当前假设之上加上这一改动，重新计算预算；撤销（Ctrl+Z）可以撤回。</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <comment>an instance in a region</comment>
        <translation>%2 的 %1</translation>
    </message>
    <message>
        <source>With this fix %1 runs on %2, not %3: the budget placed it again.</source>
        <translation>采用此修正后，%1 运行在 %2 上，不再是 %3：预算重新安排了它。</translation>
    </message>
</context>
<context>
    <name>gpui::CandidateListModel</name>
    <message>
        <source>%1 x %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Not in the catalog: %1</source>
        <translation>不在目录中：%1</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>%1 (quote)</source>
        <translation>%1（报价）</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs/node</source>
        <translation>卡/节点</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Price / h</source>
        <translation>每小时价格</translation>
    </message>
    <message>
        <source>Nodes of this candidate; auto lets the planner choose up to Max nodes. Double-click to edit.</source>
        <translation>该候选的节点数；“自动”表示由规划器在最大节点数以内选择。双击可编辑。</translation>
    </message>
    <message>
        <source>GPUs in each machine. Double-click to edit.</source>
        <translation>每台机器的 GPU 数。双击可编辑。</translation>
    </message>
    <message>
        <source>%1 (on-premise machine)</source>
        <translation>%1（本地机器）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 (%2, %3/%4 of the SMs, %5 per GPU)</source>
        <translation>%1（%2，%3/%4 个 SM，每块 GPU %5 个）</translation>
    </message>
    <message>
        <source>A MIG slice is one GPU&apos;s: set GPUs per node to 1 to slice this machine&apos;s GPU.</source>
        <translation>MIG 切片属于单块 GPU：将每节点 GPU 数设为 1 才能切分这台机器的 GPU。</translation>
    </message>
    <message>
        <source>This GPU has no MIG profiles in the catalog.</source>
        <translation>目录中没有此 GPU 的 MIG 配置。</translation>
    </message>
    <message>
        <source>A MIG slice of the GPU: one serving replica per slice, priced at the slice&apos;s share of the GPU. Double-click or press F2 to choose.</source>
        <translation>GPU 的 MIG 切片：每个切片一个推理副本，按切片占 GPU 的份额计价。双击或按 F2 选择。</translation>
    </message>
    <message>
        <source>whole GPU</source>
        <translation>整块 GPU</translation>
    </message>
    <message>
        <source>MIG slice</source>
        <translation>MIG 切片</translation>
    </message>
</context>
<context>
    <name>gpui::CandidatesPanel</name>
    <message>
        <source>Instances and machines the planner compares. An empty list compares every catalog instance.</source>
        <translation>规划器参与比较的实例和机器。列表为空时比较目录中的全部实例。</translation>
    </message>
    <message>
        <source>Choose from Catalog…</source>
        <translation>从目录选择…</translation>
    </message>
    <message>
        <source>Add On-Premise Machine…</source>
        <translation>添加本地机器…</translation>
    </message>
    <message>
        <source>Edit Price…</source>
        <translation>编辑价格…</translation>
    </message>
    <message>
        <source>Enter your own quote; it is saved to your catalog overrides</source>
        <translation>输入您自己的报价；报价会保存到您的目录覆盖文件中</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Choose candidates</source>
        <translation>选择候选</translation>
    </message>
    <message>
        <source>Add on-premise machine</source>
        <translation>添加本地机器</translation>
    </message>
    <message>
        <source>Edit on-premise machine</source>
        <translation>编辑本地机器</translation>
    </message>
    <message>
        <source>%1 is not in the catalog.</source>
        <translation>%1 不在目录中。</translation>
    </message>
    <message>
        <source>Could not save the price: %1</source>
        <translation>无法保存价格：%1</translation>
    </message>
    <message>
        <source>Remove candidate</source>
        <translation>移除候选</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Change nodes</source>
        <translation>修改节点数</translation>
    </message>
    <message>
        <source>Change GPUs per node</source>
        <translation>修改每节点 GPU 数</translation>
    </message>
    <message>
        <source>whole GPU</source>
        <translation>整块 GPU</translation>
    </message>
    <message>
        <source>Choose MIG slice</source>
        <translation>选择 MIG 切片</translation>
    </message>
</context>
<context>
    <name>gpui::CatalogDialog</name>
    <message>
        <source>Choose Candidate Instances</source>
        <translation>选择候选实例</translation>
    </message>
    <message>
        <source>All providers</source>
        <translation>全部云厂商</translation>
    </message>
    <message>
        <source>Filter by instance or GPU, e.g. A100</source>
        <translation>按实例或 GPU 筛选，例如 A100</translation>
    </message>
    <message>
        <source>≥ </source>
        <translation>≥ </translation>
    </message>
    <message>
        <source> GiB/GPU</source>
        <translation> GiB/卡</translation>
    </message>
    <message>
        <source>Any memory</source>
        <translation>不限显存</translation>
    </message>
    <message>
        <source>≤ </source>
        <translation>≤ </translation>
    </message>
    <message>
        <source> / h</source>
        <translation> /小时</translation>
    </message>
    <message>
        <source>Any price</source>
        <translation>不限价格</translation>
    </message>
    <message>
        <source>Chosen only</source>
        <translation>仅显示已选</translation>
    </message>
    <message>
        <source>Clear Choice</source>
        <translation>清除选择</translation>
    </message>
    <message>
        <source>%1 chosen · %2 of %3 shown</source>
        <translation>已选 %1 个 · 显示 %2 / %3</translation>
    </message>
    <message>
        <source>Choose All Shown</source>
        <translation>选择全部显示项</translation>
    </message>
    <message>
        <source>Add every instance the filters show to the choice</source>
        <translation>把筛选出的所有实例加入选择</translation>
    </message>
    <message>
        <source>Show prices for this region of the chosen provider; instances without a price there are hidden unless chosen</source>
        <translation>显示所选云厂商在该地域的价格；该地域没有价格的实例会被隐藏（已选中的除外）</translation>
    </message>
    <message>
        <source>Choose a provider for its regions</source>
        <translation>先选择云厂商，再选择地域</translation>
    </message>
    <message>
        <source>Reference region</source>
        <translation>参考地域</translation>
    </message>
    <message>
        <source>Reference region (%1)</source>
        <translation>参考地域（%1）</translation>
    </message>
    <message>
        <source>Hide sold-out sizes</source>
        <translation>隐藏已售罄规格</translation>
    </message>
</context>
<context>
    <name>gpui::CatalogModel</name>
    <message>
        <source>%1, %2 (as of %3)</source>
        <translation>%1，%2（截至 %3）</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>卡数</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>单卡显存</translation>
    </message>
    <message>
        <source>vCPUs</source>
        <translation>vCPU</translation>
    </message>
    <message>
        <source>Host RAM</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>GPU link</source>
        <translation>GPU 互联</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Price / h</source>
        <translation>每小时价格</translation>
    </message>
    <message>
        <source>Monthly</source>
        <translation>包月价格</translation>
    </message>
    <message>
        <source>Price source</source>
        <translation>价格来源</translation>
    </message>
    <message>
        <source>No price in %1; the price shown is for %2.</source>
        <translation>%1 没有价格；显示的是 %2 的价格。</translation>
    </message>
    <message>
        <source>no price in %1 (%2 shown)</source>
        <translation>%1 无价格（显示 %2 的价格）</translation>
    </message>
    <message>
        <source>%1 (zone %2)</source>
        <translation>%1（可用区 %2）</translation>
    </message>
    <message>
        <source>Price region</source>
        <translation>价格地域</translation>
    </message>
    <message>
        <source>sold out</source>
        <translation>已售罄</translation>
    </message>
    <message>
        <source>limited</source>
        <translation>库存紧张</translation>
    </message>
    <message>
        <source>in stock</source>
        <translation>有货</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>in stock in %1 of %2 zones</source>
        <translation>%2 个可用区中 %1 个有货</translation>
    </message>
    <message>
        <source>Stock</source>
        <translation>库存</translation>
    </message>
</context>
<context>
    <name>gpui::CatalogStore</name>
    <message>
        <source>Edit price of %1</source>
        <translation>编辑 %1 的价格</translation>
    </message>
    <message>
        <source>Use catalog price of %1</source>
        <translation>恢复 %1 的目录价格</translation>
    </message>
    <message>
        <source>Import cloud prices from %1</source>
        <translation>从 %1 导入云价格</translation>
    </message>
</context>
<context>
    <name>gpui::ChartView</name>
    <message>
        <source>Save Chart</source>
        <translation>保存图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
    <message>
        <source>Copy Image</source>
        <translation>复制图像</translation>
    </message>
    <message>
        <source>Save as PNG or SVG…</source>
        <translation>另存为 PNG 或 SVG…</translation>
    </message>
    <message>
        <source>cannot encode the PNG image</source>
        <translation>无法编码 PNG 图像</translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>重置缩放</translation>
    </message>
</context>
<context>
    <name>gpui::CloudImportDialog</name>
    <message>
        <source>Import Cloud Prices</source>
        <translation>导入云价格</translation>
    </message>
    <message>
        <source>Save what one of these commands prints (JSON) on any machine with your cloud account, then import it here. Sizes, prices and stock per zone go into your catalog overrides, for every plan; this program never connects to the network.&lt;br&gt;&lt;tt&gt;tccli cvm DescribeZoneInstanceConfigInfos&lt;/tt&gt;, &lt;tt&gt;tccli cvm InquiryPriceRunInstances&lt;/tt&gt;, &lt;tt&gt;aws ec2 describe-instance-types&lt;/tt&gt;, &lt;tt&gt;aws pricing get-products --service-code AmazonEC2&lt;/tt&gt;, &lt;tt&gt;aliyun ecs DescribeInstanceTypes&lt;/tt&gt;, &lt;tt&gt;aliyun ecs DescribeAvailableResource&lt;/tt&gt;, &lt;tt&gt;aliyun ecs DescribePrice&lt;/tt&gt;</source>
        <translation>在任意一台配置了您云账号的机器上运行以下命令之一，保存其输出的 JSON，然后在此导入。规格、价格和各可用区库存将写入您的目录覆盖文件，适用于所有方案；本程序从不连接网络。&lt;br&gt;&lt;tt&gt;tccli cvm DescribeZoneInstanceConfigInfos&lt;/tt&gt;、&lt;tt&gt;tccli cvm InquiryPriceRunInstances&lt;/tt&gt;、&lt;tt&gt;aws ec2 describe-instance-types&lt;/tt&gt;、&lt;tt&gt;aws pricing get-products --service-code AmazonEC2&lt;/tt&gt;、&lt;tt&gt;aliyun ecs DescribeInstanceTypes&lt;/tt&gt;、&lt;tt&gt;aliyun ecs DescribeAvailableResource&lt;/tt&gt;、&lt;tt&gt;aliyun ecs DescribePrice&lt;/tt&gt;</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Cloud Listing</source>
        <translation>云列表文件</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>As the file says</source>
        <translation>按文件所示</translation>
    </message>
    <message>
        <source>CNY (China site)</source>
        <translation>人民币（中国站）</translation>
    </message>
    <message>
        <source>USD (international site)</source>
        <translation>美元（国际站）</translation>
    </message>
    <message>
        <source>Tencent&apos;s listings do not say their currency: CNY on the China site, USD on the international site</source>
        <translation>腾讯云的输出不注明币种：中国站为人民币，国际站为美元</translation>
    </message>
    <message>
        <source>For a quote that does not name its instance (InquiryPriceRunInstances, DescribePrice)</source>
        <translation>用于未注明实例的报价（InquiryPriceRunInstances、DescribePrice）</translation>
    </message>
    <message>
        <source>every region in the file, e.g. ap-guangzhou</source>
        <translation>文件中的所有地域，例如 ap-guangzhou</translation>
    </message>
    <message>
        <source>hourly quote</source>
        <translation>按小时报价</translation>
    </message>
    <message>
        <source> months</source>
        <translation> 个月</translation>
    </message>
    <message>
        <source>For a prepaid quote: the period it is the total for</source>
        <translation>预付费报价：该总价对应的时长</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>地域</translation>
    </message>
    <message>
        <source>Prepaid period</source>
        <translation>预付费时长</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n price(s), </source>
        <translation>
            <numerusform>%1：%n 个价格，</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stock listing(s), </source>
        <translation>
            <numerusform>%n 条库存信息，</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new instance(s).</source>
        <translation>
            <numerusform>%n 个新实例。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: unknown GPU &quot;%2&quot;; left out.</source>
        <translation>%1：未知 GPU“%2”，已跳过。</translation>
    </message>
    <message>
        <source>%1: unknown instance family &quot;%2&quot;; left out.</source>
        <translation>%1：未知实例族“%2”，已跳过。</translation>
    </message>
    <message>
        <source>%1 is not in the catalog; import the listing of its size first.</source>
        <translation>%1 不在目录中；请先导入其规格列表。</translation>
    </message>
    <message>
        <source>%1: %2 of a GPU (vGPU) is not a whole GPU; left out.</source>
        <translation>%1：%2 块 GPU（vGPU）不是整块 GPU，已跳过。</translation>
    </message>
    <message>
        <source>%1: your own quote was replaced by the imported price.</source>
        <translation>%1：您自己的报价已被导入的价格替换。</translation>
    </message>
    <message>
        <source>%1: prices differ by zone; the lowest (%2) is used.</source>
        <translation>%1：各可用区价格不同，采用最低价（%2）。</translation>
    </message>
    <message>
        <source>Nothing was imported; your overrides are unchanged.

%1</source>
        <translation>未导入任何内容；您的覆盖文件未改动。

%1</translation>
    </message>
    <message>
        <source>Nothing to import; your overrides are unchanged.

%1</source>
        <translation>没有可导入的内容；您的覆盖文件未改动。

%1</translation>
    </message>
    <message>
        <source>%1 output does not say its currency: choose CNY (China site) or USD (international site) under %2.</source>
        <translation>%1 的输出未注明币种：请在“%2”中选择 CNY（中国站）或 USD（国际站）。</translation>
    </message>
    <message>
        <source>This %1 quote does not name its instance: choose it under %2.</source>
        <translation>此 %1 报价未指明实例：请在“%2”中选择。</translation>
    </message>
    <message>
        <source>The file prices %1 in several regions (%2): name one under %3.</source>
        <translation>文件给出了 %1 在多个地域的价格（%2）：请在“%3”中填写其一。</translation>
    </message>
    <message>
        <source>This is a prepaid quote (a total for the period asked): give its months under %1.</source>
        <translation>这是包年包月报价（所询时长的总价）：请在“%1”中填写月数。</translation>
    </message>
</context>
<context>
    <name>gpui::ComparisonModel</name>
    <message>
        <source>Memory each GPU needs, including CUDA runtime (what nvidia-smi shows)</source>
        <translation>每张卡所需的显存，含 CUDA 运行时（即 nvidia-smi 显示的值）</translation>
    </message>
    <message>
        <source>Usable memory left per GPU after the plan&apos;s safety margin; negative means it does not fit</source>
        <translation>扣除方案的安全余量后每卡剩余的可用显存；负值表示放不下</translation>
    </message>
    <message>
        <source>Model FLOPs utilization: model FLOPs / (GPUs x dense peak x time)</source>
        <translation>模型算力利用率（MFU）：模型 FLOPs /（卡数 × 稠密峰值算力 × 时间）</translation>
    </message>
    <message>
        <source>Wall-clock time to process the plan&apos;s training tokens</source>
        <translation>处理方案中全部训练 token 所需的实际时间</translation>
    </message>
    <message>
        <source>Price per hour of the whole candidate (all nodes), pay-as-you-go</source>
        <translation>整个候选（所有节点）按量计费的每小时价格</translation>
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
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>卡数</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>单卡显存</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Decode tokens/s</source>
        <translation>解码 token/秒</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>卡时</translation>
    </message>
    <message>
        <source>Price / h (%1)</source>
        <translation>每小时价格（%1）</translation>
    </message>
    <message>
        <source>Pay-as-you-go</source>
        <translation>按量计费</translation>
    </message>
    <message>
        <source>Monthly</source>
        <translation>包年包月</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>预留实例券</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>竞价实例</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 (+%2 more)</source>
        <translation>%1（另有 %2 条）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Total: %1 (usable %2 of %3)</source>
        <translation>合计：%1（可用 %2 / %3）</translation>
    </message>
    <message>
        <source>Suggestion: %1</source>
        <translation>建议：%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Step %1: compute %2, intra-node %3, network %4, offload %5, data %6</source>
        <translation>单步 %1：计算 %2，节点内通信 %3，网络 %4，卸载 %5，数据 %6</translation>
    </message>
    <message>
        <source>Cost / M tokens</source>
        <translation>每百万 token 费用</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Copies of the model behind a load balancer, each on tensor x pipeline GPUs</source>
        <translation>负载均衡之后的模型副本数，每个占用张量 × 流水线个 GPU</translation>
    </message>
    <message>
        <source>Requests in flight on each replica at the operating point</source>
        <translation>工作点上每个副本的在途请求数</translation>
    </message>
    <message>
        <source>Mean time to first token at the operating point (queueing and prefill)</source>
        <translation>工作点上的平均首 token 时间（排队与预填充）</translation>
    </message>
    <message>
        <source>Mean time per output token after the first (inter-token latency)</source>
        <translation>首个之后每个输出 token 的平均时间（token 间延迟）</translation>
    </message>
    <message>
        <source>Output tokens per second of one replica, all its requests together</source>
        <translation>一个副本所有请求合计的每秒输出 token 数</translation>
    </message>
    <message>
        <source>What caps each replica&apos;s operating point</source>
        <translation>限制每个副本工作点的因素</translation>
    </message>
    <message>
        <source>Whether the operating point meets the plan&apos;s latency targets</source>
        <translation>工作点是否满足方案的延迟目标</translation>
    </message>
    <message>
        <source>Cost of the deployment per million generated tokens</source>
        <translation>部署每生成一百万 token 的费用</translation>
    </message>
    <message>
        <source>The deployment&apos;s monthly bill: always on, or the hours the plan&apos;s requests per month need</source>
        <translation>部署的月度费用：全天候运行，或按方案每月请求数所需的小时数</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>Concurrency / replica</source>
        <translation>每副本并发</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>TPOT</source>
        <translation>TPOT</translation>
    </message>
    <message>
        <source>Output tokens/s / replica</source>
        <translation>每副本输出 token/秒</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>限制因素</translation>
    </message>
    <message>
        <source>Meets SLO</source>
        <translation>满足 SLO</translation>
    </message>
    <message>
        <source>Cost / M output tokens</source>
        <translation>每百万输出 token 费用</translation>
    </message>
    <message>
        <source>Monthly cost</source>
        <translation>月度费用</translation>
    </message>
    <message>
        <source>%1 output tokens/s per replica, %2 for all %3 replicas; %4 requests/s</source>
        <translation>每副本 %1 输出 token/秒，全部 %3 个副本合计 %2；每秒 %4 个请求</translation>
    </message>
    <message>
        <source>%1 requests in flight per replica; the KV cache holds %2 of full length (%3 tokens)</source>
        <translation>每副本在途 %1 个请求；KV 缓存可容纳 %2 个完整长度的请求（%3 个 token）</translation>
    </message>
    <message>
        <source>Monthly billing costs less than pay-as-you-go above %1 hours a month</source>
        <translation>每月使用超过 %1 小时，包年包月比按量计费更便宜</translation>
    </message>
    <message>
        <source>Memory each GPU keeps outside the engine&apos;s gpu_memory_utilization share: the KV cache fills the share; negative means the engine does not start</source>
        <translation>每块 GPU 在引擎 gpu_memory_utilization 份额之外保留的显存：KV 缓存占满该份额；负值表示引擎无法启动</translation>
    </message>
    <message>
        <source>not evaluated</source>
        <translation>未评估</translation>
    </message>
    <message>
        <source>No network figure</source>
        <translation>缺少网络数据</translation>
    </message>
    <message>
        <source>Prefill and decode pools apart: prefill replicas : decode replicas (empty: aggregated)</source>
        <translation>预填充池与解码池分离：预填充副本数 : 解码副本数（留空：合并部署）</translation>
    </message>
    <message>
        <source>Time one request&apos;s KV cache takes from its prefill replica to its decode replica</source>
        <translation>一个请求的 KV 缓存从预填充副本传到解码副本所用的时间</translation>
    </message>
    <message>
        <source>P:D</source>
        <translation>P:D</translation>
    </message>
    <message>
        <source>KV transfer</source>
        <translation>KV 传输</translation>
    </message>
    <message>
        <source>99th percentile of the time to first token: one request in a hundred waits longer (queueing, prompt length spread)</source>
        <translation>首 token 时间的第 99 百分位：每一百个请求中有一个等得更久（排队、输入长度差异）</translation>
    </message>
    <message>
        <source>99th percentile of the time per output token over requests: the requests whose decode shares the most steps with other prompts</source>
        <translation>各请求每输出 token 时间的第 99 百分位：解码与其他请求预填充共用步数最多的请求</translation>
    </message>
    <message>
        <source>TTFT p99</source>
        <translation>首 token 时间 p99</translation>
    </message>
    <message>
        <source>TPOT p99</source>
        <translation>每输出 token 时间 p99</translation>
    </message>
    <message>
        <source>%1:%2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <source>LoRA adapters each replica keeps in GPU slots, of those the requests use (empty: none)</source>
        <translation>每个副本在 GPU 槽位中保留的 LoRA 适配器数 / 请求使用的适配器总数（空：无）</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA 适配器</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>无价格</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1：%2。</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时长</translation>
    </message>
</context>
<context>
    <name>gpui::ComparisonView</name>
    <message>
        <source>Columns</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Only Candidates That Fit</source>
        <translation>只显示放得下的候选</translation>
    </message>
    <message>
        <source>Reset Sorting</source>
        <translation>重置排序</translation>
    </message>
</context>
<context>
    <name>gpui::Evaluator</name>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1失败：%2</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>评估</translation>
    </message>
</context>
<context>
    <name>gpui::FrontierView</name>
    <message>
        <source>%1 (does not fit)</source>
        <translation>%1（放不下）</translation>
    </message>
    <message>
        <source>No configuration of this candidate fits.</source>
        <translation>该候选没有放得下的配置。</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 GPUs (%n node(s) of %3)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;：%2 块 GPU（%n 个节点，每节点 %3 块）</numerusform>
        </translation>
    </message>
    <message>
        <source>Memory per GPU: %1 of %2 usable (%3)</source>
        <translation>每块 GPU 显存：%1，可用 %2（%3）</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Time to finish: %1</source>
        <translation>完成时间：%1</translation>
    </message>
    <message>
        <source>Throughput: %1 tokens/s, MFU %2</source>
        <translation>吞吐：%1 token/秒，MFU %2</translation>
    </message>
    <message>
        <source>Decode: %1 tokens/s</source>
        <translation>解码：%1 token/秒</translation>
    </message>
    <message>
        <source>Bottleneck: %1</source>
        <translation>瓶颈：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Cost-Time Frontier</source>
        <translation>费用-时间前沿</translation>
    </message>
    <message>
        <source>&amp;Candidate:</source>
        <translation>候选(&amp;C)：</translation>
    </message>
    <message>
        <source>Largest overhead: %1</source>
        <translation>最大开销：%1</translation>
    </message>
    <message>
        <source>Show &amp;all configurations</source>
        <translation>显示全部配置(&amp;A)</translation>
    </message>
    <message>
        <source>Frame every configuration that fits; unchecked, the chart frames the frontier and the chosen configuration</source>
        <translation>显示所有放得下的配置；不勾选时，图表只框选前沿和所选配置</translation>
    </message>
    <message>
        <source>&amp;Logarithmic axes</source>
        <translation>对数坐标轴(&amp;L)</translation>
    </message>
    <message>
        <source>Each point is a configuration that fits (nodes, ZeRO stage, checkpointing, micro-batch, parallelism); the line joins those nothing else beats on both cost and time. Hover a point to name it, click it to see its result. Zoom with the wheel or + and -, pan by dragging or with the arrow keys, 0 resets.</source>
        <translation>每个点是一种放得下的配置（节点数、ZeRO 阶段、检查点、微批量、并行方式）；连线连接那些在费用和时间上都无法被同时超越的配置。悬停某点可查看其名称，点击可查看其结果。用滚轮或 + 和 - 缩放，拖动或用方向键平移，按 0 复原。</translation>
    </message>
</context>
<context>
    <name>gpui::HelpDialog</name>
    <message>
        <source>GPU Planner Manual</source>
        <translation>GPU Planner 使用手册</translation>
    </message>
</context>
<context>
    <name>gpui::InputsPanel</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Custom size (parameters only)</source>
        <translation>自定义规模（仅参数量）</translation>
    </message>
    <message>
        <source>Search models…</source>
        <translation>搜索模型…</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>e.g. 7B, 70e9</source>
        <translation>例如 7B、70e9</translation>
    </message>
    <message>
        <source>Number of parameters; K, M, B and T suffixes are understood</source>
        <translation>参数量；支持 K、M、B、T 后缀</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Import config.json…</source>
        <translation>导入 config.json…</translation>
    </message>
    <message>
        <source>Read a Hugging Face config.json (or drop one on the window)</source>
        <translation>读取 Hugging Face 的 config.json（也可拖放到窗口中）</translation>
    </message>
    <message>
        <source>Not a parameter count: write e.g. 7B or 6.7e9</source>
        <translation>不是有效的参数量：请填写如 7B 或 6.7e9</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Technique</source>
        <translation>训练方式</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Weight format</source>
        <translation>权重格式</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失计算</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA 适配器</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>秩</translation>
    </message>
    <message>
        <source>Targets</source>
        <translation>目标模块</translation>
    </message>
    <message>
        <source>Sequence, batch and data</source>
        <translation>序列、批次与数据</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Sequences per optimizer step; auto = micro-batch x accumulation x data parallel</source>
        <translation>每个优化步的序列数；自动 = 微批大小 × 梯度累积步数 × 数据并行度</translation>
    </message>
    <message>
        <source> seq</source>
        <translation> 条序列</translation>
    </message>
    <message>
        <source>dataset tokens, e.g. 2B</source>
        <translation>数据集 token 数，例如 2B</translation>
    </message>
    <message>
        <source>Tokens in the dataset; K, M, B and T suffixes are understood</source>
        <translation>数据集中的 token 数；支持 K、M、B、T 后缀</translation>
    </message>
    <message>
        <source> epochs</source>
        <translation> 轮</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <source>Not a token count: write e.g. 2B or 350M</source>
        <translation>不是有效的 token 数：请填写如 2B 或 350M</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation>并发请求数</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>输入 token 数</translation>
    </message>
    <message>
        <source>Output tokens</source>
        <translation>输出 token 数</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <source>Let the planner choose</source>
        <translation>由规划器选择</translation>
    </message>
    <message>
        <source>Per candidate, search node count, ZeRO stage, checkpointing, micro-batch and offload for the configuration that fits and best meets the objective</source>
        <translation>为每个候选搜索节点数、ZeRO 阶段、激活检查点、微批大小和卸载方式，找出放得下且最符合优化目标的配置</translation>
    </message>
    <message>
        <source>Max nodes</source>
        <translation>最大节点数</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>CPU 卸载</translation>
    </message>
    <message>
        <source>Objective and billing</source>
        <translation>目标与计费</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>优化目标</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>期限</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>CNY (¥)</source>
        <translation>人民币（¥）</translation>
    </message>
    <message>
        <source>USD ($)</source>
        <translation>美元（$）</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <source>Imported: %1</source>
        <translation>已导入：%1</translation>
    </message>
    <message>
        <source>= %1 training tokens</source>
        <translation>= %1 训练 token</translation>
    </message>
    <message>
        <source>Enter the number of parameters, e.g. 7B</source>
        <translation>请输入参数量，例如 7B</translation>
    </message>
    <message>
        <source>Choose at least one module for the adapters</source>
        <translation>请为适配器至少选择一个模块</translation>
    </message>
    <message>
        <source>Enter the dataset size in tokens, e.g. 2B</source>
        <translation>请输入数据集的 token 数，例如 2B</translation>
    </message>
    <message>
        <source>Change model</source>
        <translation>修改模型</translation>
    </message>
    <message>
        <source>Change mode</source>
        <translation>修改模式</translation>
    </message>
    <message>
        <source>Change technique</source>
        <translation>修改训练方式</translation>
    </message>
    <message>
        <source>Change precision</source>
        <translation>修改精度</translation>
    </message>
    <message>
        <source>Change weight format</source>
        <translation>修改权重格式</translation>
    </message>
    <message>
        <source>Change optimizer</source>
        <translation>修改优化器</translation>
    </message>
    <message>
        <source>Change LoRA rank</source>
        <translation>修改 LoRA 秩</translation>
    </message>
    <message>
        <source>Change LoRA dropout</source>
        <translation>修改 LoRA dropout</translation>
    </message>
    <message>
        <source>Change LoRA dropout position</source>
        <translation>修改 LoRA dropout 位置</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout 概率</translation>
    </message>
    <message>
        <source>Dropout position</source>
        <translation>Dropout 位置</translation>
    </message>
    <message>
        <source>Change LoRA targets</source>
        <translation>修改 LoRA 目标模块</translation>
    </message>
    <message>
        <source>Change checkpointing</source>
        <translation>修改激活检查点</translation>
    </message>
    <message>
        <source>Toggle flash attention</source>
        <translation>切换 Flash Attention</translation>
    </message>
    <message>
        <source>Change loss implementation</source>
        <translation>修改损失计算方式</translation>
    </message>
    <message>
        <source>Change sequence length</source>
        <translation>修改序列长度</translation>
    </message>
    <message>
        <source>Change micro-batch</source>
        <translation>修改微批大小</translation>
    </message>
    <message>
        <source>Change gradient accumulation</source>
        <translation>修改梯度累积</translation>
    </message>
    <message>
        <source>Change global batch</source>
        <translation>修改全局批大小</translation>
    </message>
    <message>
        <source>Change training tokens</source>
        <translation>修改训练 token 数</translation>
    </message>
    <message>
        <source>Change serving inputs</source>
        <translation>修改推理服务参数</translation>
    </message>
    <message>
        <source>Toggle planner</source>
        <translation>切换规划器</translation>
    </message>
    <message>
        <source>Change max nodes</source>
        <translation>修改最大节点数</translation>
    </message>
    <message>
        <source>Change parallelism</source>
        <translation>修改并行策略</translation>
    </message>
    <message>
        <source>Change objective</source>
        <translation>修改优化目标</translation>
    </message>
    <message>
        <source>Change currency</source>
        <translation>修改币种</translation>
    </message>
    <message>
        <source>Change plan</source>
        <translation>修改方案</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>Help on %1</source>
        <translation>%1帮助</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>e.g. Qwen2.5-14B LoRA for the support bot</source>
        <translation>例如：客服机器人的 Qwen2.5-14B LoRA 微调</translation>
    </message>
    <message>
        <source>The plan&apos;s title: the PDF report&apos;s title, running header and file name use it</source>
        <translation>方案标题：PDF 报告的标题、页眉和文件名都使用它</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Billing modes</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>catalog default</source>
        <translation>目录默认值</translation>
    </message>
    <message>
        <source> CNY per USD</source>
        <translation> 人民币/美元</translation>
    </message>
    <message>
        <source>Converts prices quoted in another currency into the plan&apos;s currency</source>
        <translation>把以其他币种报价的价格换算为方案币种</translation>
    </message>
    <message>
        <source> per day</source>
        <translation> 次/天</translation>
    </message>
    <message>
        <source>How often a spot instance is reclaimed; each interruption loses the work since the last checkpoint plus a restart</source>
        <translation>竞价实例被回收的频率；每次中断都会损失自上次检查点以来的工作，并需要重启</translation>
    </message>
    <message>
        <source> h</source>
        <translation> 小时</translation>
    </message>
    <message>
        <source>Hours between checkpoints: on average half of it is lost per interruption</source>
        <translation>两次检查点之间的小时数：每次中断平均损失其中一半</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>Cloud disk kept for the dataset and checkpoints for the length of the run</source>
        <translation>训练期间用于保存数据集和检查点的云硬盘</translation>
    </message>
    <message>
        <source>Exchange rate</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>Spot interruptions</source>
        <translation>竞价实例中断</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Choose at least one billing mode</source>
        <translation>请至少选择一种计费方式</translation>
    </message>
    <message>
        <source>Change title</source>
        <translation>修改标题</translation>
    </message>
    <message>
        <source>Change billing modes</source>
        <translation>修改计费方式</translation>
    </message>
    <message>
        <source>Change billing</source>
        <translation>修改计费</translation>
    </message>
    <message>
        <source>%1 is out of range</source>
        <translation>%1 超出范围</translation>
    </message>
    <message>
        <source>The planner chooses this per candidate while &quot;Let the planner choose&quot; is on</source>
        <translation>开启“由规划器选择”时，由规划器为每个候选选择此项</translation>
    </message>
    <message>
        <source>With the planner on, only the global batch counts: micro-batch x accumulation x data parallel when Global batch is auto</source>
        <translation>开启规划器时只有全局批次起作用：全局批次为自动时，它等于微批次 × 梯度累积 × 数据并行</translation>
    </message>
    <message numerus="yes">
        <source>Chosen by the planner for the recommendation, %1 (%n node(s), %2 GPUs): %3.</source>
        <translation>
            <numerusform>规划器为推荐配置 %1（%n 个节点，%2 块 GPU）选择了：%3。</numerusform>
        </translation>
    </message>
    <message>
        <source>The planner chooses nodes, parallel split, ZeRO stage, offload, checkpointing and micro-batch per candidate.</source>
        <translation>规划器为每个候选选择节点数、并行划分、ZeRO 阶段、卸载、梯度检查点和微批次。</translation>
    </message>
    <message>
        <source>What the plan is for, what was agreed; printed under the report&apos;s title</source>
        <translation>方案的用途、已商定的事项；打印在报告标题下方</translation>
    </message>
    <message>
        <source>The plan&apos;s notes: the PDF report prints them on its first page</source>
        <translation>方案备注：PDF 报告会在第一页打印</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Notes: at most %1 characters, got %2.</source>
        <translation>备注：最多 %1 个字符，实际 %2 个。</translation>
    </message>
    <message>
        <source>Change notes</source>
        <translation>修改备注</translation>
    </message>
    <message>
        <source>Inference batch</source>
        <translation>推理批次</translation>
    </message>
    <message>
        <source>Requests per second</source>
        <translation>每秒请求数</translation>
    </message>
    <message>
        <source>Max throughput</source>
        <translation>最大吞吐</translation>
    </message>
    <message>
        <source>Concurrent requests: always this many in flight (N users); requests per second: an arrival rate the replicas must serve within the targets; max throughput: as many in flight as the engine takes (offline)</source>
        <translation>并发请求：始终有这么多请求在途（N 个用户）；每秒请求数：副本须在目标内处理的到达速率；最大吞吐：引擎能容纳多少就在途多少（离线）</translation>
    </message>
    <message>
        <source> req/s</source>
        <translation> 请求/秒</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>每输出 token 时间</translation>
    </message>
    <message>
        <source>Same as the precision</source>
        <translation>与计算精度相同</translation>
    </message>
    <message>
        <source>Copies of the model (each tensor x pipeline GPUs) behind a load balancer; auto = as many as the load and targets need</source>
        <translation>负载均衡之后的模型副本数（每个占用张量 × 流水线个 GPU）；自动 = 按负载和目标需要的数量</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>none (always on), e.g. 3M</source>
        <translation>无（全天候运行），例如 3M</translation>
    </message>
    <message>
        <source>Requests a month, for the monthly bill; empty = the deployment runs all month. K, M, B suffixes are understood</source>
        <translation>每月请求数，用于月度费用；留空 = 部署整月运行。可使用 K、M、B 后缀</translation>
    </message>
    <message>
        <source>Requests per month</source>
        <translation>每月请求数</translation>
    </message>
    <message>
        <source>Advanced: serving engine</source>
        <translation>高级：推理引擎</translation>
    </message>
    <message>
        <source>engine default</source>
        <translation>引擎默认值</translation>
    </message>
    <message>
        <source>Share of GPU memory the engine takes; the KV cache gets what the weights, activations and runtime leave of it (vLLM&apos;s gpu_memory_utilization)</source>
        <translation>引擎占用的显存比例；KV 缓存得到权重、激活和运行时剩下的部分（vLLM 的 gpu_memory_utilization）</translation>
    </message>
    <message>
        <source>Requests batched together at most (vLLM&apos;s max_num_seqs)</source>
        <translation>一起批处理的最大请求数（vLLM 的 max_num_seqs）</translation>
    </message>
    <message>
        <source>Tokens per engine step, the chunked-prefill budget (vLLM&apos;s max_num_batched_tokens)</source>
        <translation>引擎每步的 token 数，即分块预填充预算（vLLM 的 max_num_batched_tokens）</translation>
    </message>
    <message>
        <source>Share of prompt tokens found in the prefix cache: they skip prefill</source>
        <translation>在前缀缓存中命中的输入 token 比例：这些 token 跳过预填充</translation>
    </message>
    <message>
        <source>GPU memory utilization</source>
        <translation>显存利用率</translation>
    </message>
    <message>
        <source>Max sequences</source>
        <translation>最大序列数</translation>
    </message>
    <message>
        <source>Max batched tokens</source>
        <translation>最大批处理 token 数</translation>
    </message>
    <message>
        <source>Prefix cache hit rate</source>
        <translation>前缀缓存命中率</translation>
    </message>
    <message>
        <source>Enter requests per month, e.g. 3M, or leave it empty</source>
        <translation>输入每月请求数，例如 3M，或留空</translation>
    </message>
    <message>
        <source>Batch sizes the engine captures CUDA graphs for, increasing (vLLM&apos;s --cuda-graph-sizes or cudagraph_capture_sizes, SGLang&apos;s --cuda-graph-bs, TensorRT-LLM&apos;s cuda_graph_config batch_sizes with enable_padding): a step that only decodes runs at the next size up; a batch above the largest size runs without a graph, unpadded (SGLang&apos;s --cuda-graph-max-bs is the largest); 0 = no padding; empty = the engine&apos;s default</source>
        <translation>引擎为其捕获 CUDA 图的批大小，递增（vLLM 的 --cuda-graph-sizes 或 cudagraph_capture_sizes、SGLang 的 --cuda-graph-bs、TensorRT-LLM 开启 enable_padding 时的 cuda_graph_config batch_sizes）：只做解码的步按向上最近的大小运行；大于最大大小的批不用 CUDA 图运行，也不填充（SGLang 的 --cuda-graph-max-bs 即最大大小）；0 = 不填充；留空 = 引擎默认值</translation>
    </message>
    <message>
        <source>CUDA-graph batch sizes</source>
        <translation>CUDA 图批大小</translation>
    </message>
    <message>
        <source>Enter increasing batch sizes, e.g. 1, 2, 4, 8; 0 for none; or leave it empty</source>
        <translation>输入递增的批大小，例如 1, 2, 4, 8；0 表示不填充；或留空</translation>
    </message>
    <message>
        <source>Change serving lengths</source>
        <translation>修改请求长度</translation>
    </message>
    <message>
        <source>Change serving load</source>
        <translation>修改负载</translation>
    </message>
    <message>
        <source>Change latency targets</source>
        <translation>修改延迟目标</translation>
    </message>
    <message>
        <source>Change KV cache precision</source>
        <translation>修改 KV 缓存精度</translation>
    </message>
    <message>
        <source>Change replicas</source>
        <translation>修改副本数</translation>
    </message>
    <message>
        <source>Change requests per month</source>
        <translation>修改每月请求数</translation>
    </message>
    <message>
        <source>Change serving engine</source>
        <translation>修改推理引擎参数</translation>
    </message>
    <message numerus="yes">
        <source>Chosen by the planner for the recommendation, %1 (%n node(s)): %2.</source>
        <translation>
            <numerusform>规划器为推荐配置 %1（%n 个节点）选择：%2。</numerusform>
        </translation>
    </message>
    <message>
        <source>The planner chooses nodes, tensor and pipeline split and replicas per candidate.</source>
        <translation>规划器为每个候选选择节点数、张量与流水线并行划分以及副本数。</translation>
    </message>
    <message>
        <source>Context parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>bf16 optimizer states</source>
        <translation>bf16 优化器状态</translation>
    </message>
    <message>
        <source>Partial recompute layers</source>
        <translation>部分重计算层数</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>虚拟阶段</translation>
    </message>
    <message>
        <source>GPUs each sequence is split across (ring attention): a power of two dividing the sequence into 2 x this many equal chunks</source>
        <translation>每条序列切分到多少块 GPU 上（环形注意力）：须为 2 的幂，且能把序列均分为 2 × 该数个块</translation>
    </message>
    <message>
        <source> of %1 layers</source>
        <translation> / %1 层</translation>
    </message>
    <message>
        <source>Keep the optimizer&apos;s moments in bf16 (2 bytes each instead of 4), as full-bf16 training does</source>
        <translation>以 bf16 保存优化器的动量（每个 2 字节而非 4 字节），与全 bf16 训练相同</translation>
    </message>
    <message>
        <source>%1 keeps no fp32 optimizer moments, so bf16 states change nothing</source>
        <translation>%1 没有 fp32 优化器动量，bf16 状态不起作用</translation>
    </message>
    <message>
        <source>Layers fully recomputed in the backward pass (only their inputs kept); the others keep all their activations. The model&apos;s layer count recomputes every layer</source>
        <translation>反向传播时完整重计算的层数（只保留其输入）；其余层保留全部激活值。等于模型层数即重计算所有层</translation>
    </message>
    <message>
        <source>Partial recompute applies to full activation checkpointing only</source>
        <translation>部分重计算仅适用于完全激活检查点</translation>
    </message>
    <message>
        <source>Applies with pipeline parallel 2 or more</source>
        <translation>流水线并行为 2 或以上时才适用</translation>
    </message>
    <message>
        <source>Virtual stages apply to the interleaved schedule only</source>
        <translation>虚拟阶段仅适用于交错调度</translation>
    </message>
    <message>
        <source>Model chunks per pipeline rank (2 or more): the bubble shrinks by this factor, pipeline sends grow by it</source>
        <translation>每个流水线 rank 上的模型块数（2 或以上）：气泡按此倍数缩小，流水线通信按此倍数增加</translation>
    </message>
    <message>
        <source>Change partial recompute</source>
        <translation>修改部分重计算</translation>
    </message>
    <message>
        <source>Toggle bf16 optimizer states</source>
        <translation>切换 bf16 优化器状态</translation>
    </message>
    <message>
        <source>catalog default (%1)</source>
        <translation>目录默认值（%1）</translation>
    </message>
    <message>
        <source> months</source>
        <translation> 个月</translation>
    </message>
    <message>
        <source>Reservation term</source>
        <translation>预留期限</translation>
    </message>
    <message>
        <source>Change reservation term</source>
        <translation>修改预留期限</translation>
    </message>
    <message>
        <source>FP8 scaling</source>
        <translation>FP8 缩放</translation>
    </message>
    <message>
        <source>Applies to FP8 training only; choose FP8 as the precision</source>
        <translation>仅适用于 FP8 训练；请将精度选为 FP8</translation>
    </message>
    <message>
        <source>Change FP8 scaling</source>
        <translation>修改 FP8 缩放</translation>
    </message>
    <message>
        <source>From Hugging Face cache…</source>
        <translation>从 Hugging Face 缓存选择…</translation>
    </message>
    <message>
        <source>Pick a model downloaded with Hugging Face tools on this computer ($HF_HOME/hub, by default ~/.cache/huggingface/hub); read offline</source>
        <translation>选择本机用 Hugging Face 工具下载过的模型（$HF_HOME/hub，默认 ~/.cache/huggingface/hub）；离线读取</translation>
    </message>
    <message>
        <source>list prices</source>
        <translation>目录价</translation>
    </message>
    <message>
        <source> % off</source>
        <translation> % 折扣</translation>
    </message>
    <message>
        <source>Your discount off the catalog&apos;s published and estimated prices (an enterprise agreement, a negotiated rate); quoted prices are what you pay already and are not discounted</source>
        <translation>您相对目录中公开价和预估价的折扣（企业协议、议定价格）；报价已是您实际支付的价格，不再打折</translation>
    </message>
    <message>
        <source>Price discount</source>
        <translation>价格折扣</translation>
    </message>
    <message>
        <source>Change price discount</source>
        <translation>修改价格折扣</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <source>Change attention kernel</source>
        <translation>更改注意力内核</translation>
    </message>
    <message>
        <source>Model chunks per pipeline rank (2 or more): the bubble shrinks by this factor, pipeline sends grow by it. The planner tries this count, 1 (1F1B) and the powers of two that split the layers evenly, and keeps the best</source>
        <translation>每个流水线 rank 的模型块数（2 或以上）：气泡按此倍数缩小，流水线发送量按此倍数增加。规划器会尝试此数值、1（1F1B）以及能均分各层的 2 的幂，并保留最优者</translation>
    </message>
    <message>
        <source>Toggle FP8 all-gather</source>
        <translation>切换 FP8 全收集</translation>
    </message>
    <message>
        <source>How the casts to FP8 before each linear layer are scaled; MXFP8 needs a Blackwell GPU (others are estimated with tensorwise scaling); NVFP4 runs the MLP layers in 4-bit NVFP4 and the attention projections in FP8, on data-center Blackwell GPUs only (others are estimated with MXFP8 on Blackwell, tensorwise elsewhere)</source>
        <translation>每个线性层之前转换为 FP8 时如何缩放；MXFP8 需要 Blackwell GPU（其他 GPU 按张量缩放估算）；NVFP4 以 4 位 NVFP4 运行 MLP 层、以 FP8 运行注意力投影，仅限数据中心 Blackwell GPU（其他 GPU 在 Blackwell 上按 MXFP8、其余按张量缩放估算）</translation>
    </message>
    <message>
        <source>%1: %2 is out of range</source>
        <translation>%1：%2 超出范围</translation>
    </message>
    <message>
        <source>Epochs: %1 is out of range</source>
        <translation>轮数：%1 超出范围</translation>
    </message>
    <message>
        <source>Training details</source>
        <translation>训练细节</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设条件</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>修改%1</translation>
    </message>
    <message>
        <source>No model matches &quot;%1&quot;</source>
        <translation>没有与“%1”匹配的模型</translation>
    </message>
    <message>
        <source>Target for the time to first token, at the statistic &quot;Targets hold at&quot; names (the mean unless set); none = no target</source>
        <translation>首 token 时间目标，按“目标统计口径”所选统计量检查（未设置时为平均值）；无 = 不设目标</translation>
    </message>
    <message>
        <source>Target for the time per output token after the first (inter-token latency), at the statistic &quot;Targets hold at&quot; names; none = no target</source>
        <translation>首 token 之后每输出 token 时间目标（token 间延迟），按“目标统计口径”所选统计量检查；无 = 不设目标</translation>
    </message>
    <message>
        <source>Hybrid: %1 of %2 layers attend and keep a KV cache; %3 Gated DeltaNet and %4 Mamba2 layers keep a constant state per request</source>
        <translation>混合模型：%2 层中有 %1 层做注意力并保存 KV 缓存；%3 个 Gated DeltaNet 层和 %4 个 Mamba2 层为每个请求保存固定大小的状态</translation>
    </message>
    <message numerus="yes">
        <source>%n models match &quot;%1&quot; (%2): type more of the name or pick one from the list</source>
        <translation>
            <numerusform>%n 个模型与“%1”匹配（%2）：请输入更完整的名称或从列表中选择</numerusform>
        </translation>
    </message>
    <message>
        <source>Counts only with %1 billing: tick it under Billing modes</source>
        <translation>仅在计入%1计费时生效：请在“计费方式”中勾选</translation>
    </message>
    <message>
        <source>FP8 all-gather</source>
        <translation>FP8 全收集</translation>
    </message>
    <message>
        <source>Applies when the weights are gathered: under Megatron the distributed optimizer (ZeRO stage 1 or more) in a full fine-tune, or ZeRO-3/FSDP; set the ZeRO stage</source>
        <translation>在收集权重时适用：Megatron 下为全参数微调中的分布式优化器（ZeRO 阶段 1 或以上），或 ZeRO-3/FSDP；请设置 ZeRO 阶段</translation>
    </message>
    <message>
        <source>Applies when the weights are gathered: ZeRO-3/FSDP, or Megatron&apos;s distributed optimizer (ZeRO stage 1 or more, full fine-tune) with Megatron as the training stack; set ZeRO stage 3</source>
        <translation>在收集权重时适用：ZeRO-3/FSDP，或以 Megatron 为训练框架时的分布式优化器（ZeRO 阶段 1 或以上，全参数微调）；请将 ZeRO 阶段设为 3</translation>
    </message>
    <message>
        <source>Gather the linear weights in FP8; not used on the GPUs that run NVFP4 scaling, whose MLP layers take NVFP4 weights (they gather in 16-bit), used on the others, which fall back to an FP8 scaling</source>
        <translation>以 FP8 收集线性层权重；在运行 NVFP4 缩放的 GPU 上不使用（其 MLP 层使用 NVFP4 权重，以 16 位收集），在其他回退到 FP8 缩放的 GPU 上使用</translation>
    </message>
    <message>
        <source>Keep the parameters in FP8 and all-gather them in FP8 from the distributed optimizer (Megatron&apos;s --fp8-param-gather): half the gathered bytes and a smaller gather buffer</source>
        <translation>参数以 FP8 保存，并由分布式优化器以 FP8 全收集（Megatron 的 --fp8-param-gather）：收集的字节减半，收集缓冲区更小</translation>
    </message>
    <message>
        <source>Cast each rank&apos;s shard of the linear weights to FP8 before the all-gather: half the gathered bytes and a smaller gather buffer (torchtitan&apos;s FSDP float8 all-gather; under Megatron, --fp8-param-gather with the distributed optimizer)</source>
        <translation>全收集前将每个 rank 的线性层权重分片转换为 FP8：收集的字节减半，收集缓冲区更小（torchtitan 的 FSDP float8 全收集；Megatron 下为配合分布式优化器的 --fp8-param-gather）</translation>
    </message>
    <message>
        <source>Counts only with the %1 technique: choose it above</source>
        <translation>仅在%1方式下生效：请在上方选择该方式</translation>
    </message>
    <message>
        <source>Pay-as-you-go: billed per hour</source>
        <translation>按量计费：按小时计费</translation>
    </message>
    <message>
        <source>Monthly subscription: whole months are paid</source>
        <translation>包年包月：按整月付费</translation>
    </message>
    <message>
        <source>Reserved instances are a commitment for their term: the discounted rate is paid for the whole term, used or not</source>
        <translation>预留实例券是按期限的承诺：无论是否使用，整个期限都按折扣价付费</translation>
    </message>
    <message>
        <source>Spot instances are cheaper but can be reclaimed: interruptions and restarts from the last checkpoint are added to the time</source>
        <translation>竞价实例更便宜，但可能被回收：中断和从最近检查点重启的时间会计入总时长</translation>
    </message>
    <message>
        <source>The reservation&apos;s term: the discounted rate is paid for every hour of it, so a run shorter than the term pays for the unused hours too. The catalog&apos;s reserved discounts are quoted for a %1.</source>
        <translation>预留实例券的期限：期限内每个小时都按折扣价付费，因此比期限短的任务也要为未使用的小时付费。目录中的预留折扣按%1报价。</translation>
    </message>
    <message>
        <source>Unsloth always runs its own fused chunked cross-entropy; this choice is not used</source>
        <translation>Unsloth 始终使用自带的融合分块交叉熵；此选项不起作用</translation>
    </message>
    <message>
        <source>%1 (was %2)</source>
        <translation>%1（原为 %2）</translation>
    </message>
    <message>
        <source>%1 applies to training only and was set back to its default. Undo (Ctrl+Z) restores it.</source>
        <translation>%1仅适用于训练，已恢复为默认值。撤销（Ctrl+Z）可以恢复原值。</translation>
    </message>
    <message>
        <source>%1 apply to training only and were set back to their defaults. Undo (Ctrl+Z) restores them.</source>
        <translation>%1仅适用于训练，已恢复为默认值。撤销（Ctrl+Z）可以恢复原值。</translation>
    </message>
    <message>
        <source>1F1B, interleaved (virtual stages shrink the bubble), zero bubble, DualPipe or DualPipeV (2 x pipeline micro-batches or more; DualPipe an even pipeline); used by the layouts with a pipeline the planner chooses</source>
        <translation>1F1B、交错（虚拟阶段缩小流水线气泡）、零气泡、DualPipe 或 DualPipeV（微批次数至少为流水线的 2 倍；DualPipe 需偶数流水线）；用于规划器选出的含流水线的布局</translation>
    </message>
    <message>
        <source>1F1B, interleaved (virtual stages shrink the bubble), zero bubble, DualPipe or DualPipeV (2 x pipeline micro-batches or more; DualPipe an even pipeline)</source>
        <translation>1F1B、交错（虚拟阶段缩小流水线气泡）、零气泡、DualPipe 或 DualPipeV（微批次数至少为流水线的 2 倍；DualPipe 需偶数流水线）</translation>
    </message>
</context>
<context>
    <name>gpui::JobProgress</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop this job; nothing it would have written is written</source>
        <translation>停止此任务；它本要写入的文件都不会写入</translation>
    </message>
</context>
<context>
    <name>gpui::LaunchExportDialog</name>
    <message>
        <source>Export Launch Files</source>
        <translation>导出启动文件</translation>
    </message>
    <message>
        <source>vLLM (vllm serve and its YAML config)</source>
        <translation>vLLM（vllm serve 命令及其 YAML 配置）</translation>
    </message>
    <message>
        <source>SGLang (one command per node)</source>
        <translation>SGLang（每个节点一条命令）</translation>
    </message>
    <message>
        <source>Kubernetes Deployment (TKE, ACK, EKS, GKE)</source>
        <translation>Kubernetes Deployment（TKE、ACK、EKS、GKE）</translation>
    </message>
    <message>
        <source>torchtitan (TOML and a torchrun command per node)</source>
        <translation>torchtitan（TOML 配置及每个节点一条 torchrun 命令）</translation>
    </message>
    <message>
        <source>Megatron-LM (a torchrun command per node)</source>
        <translation>Megatron-LM（每个节点一条 torchrun 命令）</translation>
    </message>
    <message>
        <source>DeepSpeed (JSON config and the deepspeed launcher)</source>
        <translation>DeepSpeed（JSON 配置及 deepspeed 启动命令）</translation>
    </message>
    <message>
        <source>Hugging Face Trainer / TRL (YAML)</source>
        <translation>Hugging Face Trainer / TRL（YAML）</translation>
    </message>
    <message>
        <source>Kubernetes Job (TKE, ACK, EKS, GKE)</source>
        <translation>Kubernetes Job（TKE、ACK、EKS、GKE）</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Export Launch Files To</source>
        <translation>导出启动文件到</translation>
    </message>
    <message>
        <source>F&amp;older:</source>
        <translation>文件夹(&amp;O)：</translation>
    </message>
    <message>
        <source>Each file starts with a header naming the plan, the recommended candidate and the numbers it was planned for. Files already in the folder with the same names are replaced.</source>
        <translation>每个文件开头都有说明：方案名称、推荐的候选实例以及规划所依据的数字。文件夹中已有的同名文件会被替换。</translation>
    </message>
    <message>
        <source>Wrote:
%1</source>
        <translation>已写入：
%1</translation>
    </message>
    <message>
        <source>llama.cpp (a llama-server command)</source>
        <translation>llama.cpp（一条 llama-server 命令）</translation>
    </message>
    <message>
        <source>LitGPT (YAML config and a litgpt finetune command per node)</source>
        <translation>LitGPT（YAML 配置，每个节点一条 litgpt finetune 命令）</translation>
    </message>
</context>
<context>
    <name>gpui::LaunchImportDialog</name>
    <message>
        <source>Import Launch File</source>
        <translation>导入启动文件</translation>
    </message>
    <message numerus="yes">
        <source>%1 read as %2: %n field(s) used</source>
        <translation>
            <numerusform>%1 按 %2 格式读取：使用了 %n 个字段</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n field(s) ignored, each with its reason. OK changes the plan (Edit &gt; Undo takes it back).</source>
        <translation>
            <numerusform>，忽略了 %n 个字段（各附原因）。按“确定”修改方案（编辑 &gt; 撤销可恢复）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Plan field or reason</source>
        <translation>方案字段或原因</translation>
    </message>
    <message>
        <source>In the file</source>
        <translation>文件中的写法</translation>
    </message>
    <message>
        <source>Used (%1)</source>
        <translation>已使用（%1）</translation>
    </message>
    <message>
        <source>Ignored (%1)</source>
        <translation>已忽略（%1）</translation>
    </message>
    <message>
        <source>Launch files (*.toml *.yaml *.yml *.json *.sh);;All files (*)</source>
        <translation>启动文件 (*.toml *.yaml *.yml *.json *.sh);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not read %1:
%2</source>
        <translation>无法读取 %1：
%2</translation>
    </message>
    <message>
        <source>Import Launch File %1</source>
        <translation>导入启动文件 %1</translation>
    </message>
    <message>
        <source>(derived from %1: not in the file)</source>
        <translation>（由 %1 推算，文件中没有）</translation>
    </message>
</context>
<context>
    <name>gpui::MainWindow</name>
    <message>
        <source>Candidates</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>About GPU Planner</source>
        <translation>关于 GPU Planner</translation>
    </message>
    <message>
        <source>&lt;h3&gt;GPU Planner %1&lt;/h3&gt;&lt;p&gt;Plans GPU instances, counts, time and cost for LLM training and inference. Every figure in the catalog carries its source and date.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;GPU Planner %1&lt;/h3&gt;&lt;p&gt;为大模型训练和推理规划 GPU 实例、卡数、时长和费用。目录中的每个数值都注明了来源和日期。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>Start from the default plan</source>
        <translation>从默认方案开始</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Import Model Config…</source>
        <translation>导入模型配置(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Choose Candidates…</source>
        <translation>选择候选(&amp;C)…</translation>
    </message>
    <message>
        <source>Add &amp;On-Premise Machine…</source>
        <translation>添加本地机器(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Recompute</source>
        <translation>重新计算(&amp;R)</translation>
    </message>
    <message>
        <source>Save &amp;Chart Images…</source>
        <translation>保存图表图像(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;About GPU Planner</source>
        <translation>关于 GPU Planner(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>System Language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>%1[*] — GPU Planner</source>
        <translation>%1[*] — GPU Planner</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>Cannot evaluate: %1</source>
        <translation>无法评估：%1</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 参数</translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation>，每个 token 激活 %1</translation>
    </message>
    <message>
        <source>%1 of %2 candidates fit · %3 configurations scored in %4 ms · updated in %5 ms</source>
        <translation>%2 个候选中 %1 个放得下 · %4 毫秒内评估了 %3 种配置 · 更新耗时 %5 毫秒</translation>
    </message>
    <message>
        <source>Open Plan</source>
        <translation>打开方案</translation>
    </message>
    <message>
        <source>Could not open %1:
%2</source>
        <translation>无法打开 %1：
%2</translation>
    </message>
    <message>
        <source>Save Plan</source>
        <translation>保存方案</translation>
    </message>
    <message>
        <source>Could not save %1:
%2</source>
        <translation>无法保存 %1：
%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>GPU plans (%1 *.json);;All files (*)</source>
        <translation>GPU 方案 (%1 *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Plan As</source>
        <translation>方案另存为</translation>
    </message>
    <message>
        <source>GPU plans (%1)</source>
        <translation>GPU 方案 (%1)</translation>
    </message>
    <message>
        <source>Import Hugging Face Config</source>
        <translation>导入 Hugging Face 配置</translation>
    </message>
    <message>
        <source>Model configs (config.json *.json);;All files (*)</source>
        <translation>模型配置 (config.json *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import Model Config</source>
        <translation>导入模型配置</translation>
    </message>
    <message>
        <source>Could not import %1:
%2</source>
        <translation>无法导入 %1：
%2</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 有未保存的更改。是否保存？</translation>
    </message>
    <message>
        <source>Recover Plan</source>
        <translation>恢复方案</translation>
    </message>
    <message>
        <source>GPU Planner did not close normally. Restore the unsaved changes it kept?</source>
        <translation>GPU Planner 上次未正常关闭。是否恢复它保留的未保存更改？</translation>
    </message>
    <message>
        <source>Recover unsaved changes</source>
        <translation>恢复未保存的更改</translation>
    </message>
    <message>
        <source>Save Chart Images To</source>
        <translation>将图表图像保存到</translation>
    </message>
    <message>
        <source>Save Chart Images</source>
        <translation>保存图表图像</translation>
    </message>
    <message>
        <source>Saved chart images to %1</source>
        <translation>图表图像已保存到 %1</translation>
    </message>
    <message>
        <source>Export &amp;PDF Report…</source>
        <translation>导出 PDF 报告(&amp;P)…</translation>
    </message>
    <message>
        <source>Write the plan, its results and charts as a PDF report</source>
        <translation>将方案、结果和图表导出为 PDF 报告</translation>
    </message>
    <message>
        <source>Export Results as &amp;CSV…</source>
        <translation>将结果导出为 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Export Cost C&amp;urve CSV…</source>
        <translation>导出费用曲线 CSV(&amp;U)…</translation>
    </message>
    <message>
        <source>&amp;Print Report…</source>
        <translation>打印报告(&amp;P)…</translation>
    </message>
    <message>
        <source>There is no result to export yet: fix the plan&apos;s errors or wait for the evaluation.</source>
        <translation>还没有可导出的结果：请修正方案中的错误，或等待评估完成。</translation>
    </message>
    <message>
        <source>Could not write %1:
%2</source>
        <translation>无法写入 %1：
%2</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Export PDF Report</source>
        <translation>导出 PDF 报告</translation>
    </message>
    <message>
        <source>Export Results as CSV</source>
        <translation>将结果导出为 CSV</translation>
    </message>
    <message>
        <source>Export Cost Curve CSV</source>
        <translation>导出费用曲线 CSV</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Print Report</source>
        <translation>打印报告</translation>
    </message>
    <message>
        <source>There is no result to print yet: fix the plan&apos;s errors or wait for the evaluation.</source>
        <translation>还没有可打印的结果：请修正方案中的错误，或等待评估完成。</translation>
    </message>
    <message>
        <source>Could not print:
%1</source>
        <translation>无法打印：
%1</translation>
    </message>
    <message numerus="yes">
        <source>Printed %n page(s)</source>
        <translation>
            <numerusform>已打印 %n 页</numerusform>
        </translation>
    </message>
    <message>
        <source>GPU Planner &amp;Manual</source>
        <translation>GPU Planner 使用手册(&amp;M)</translation>
    </message>
    <message>
        <source>What each input means, how the estimate is made and where the numbers come from</source>
        <translation>每个输入的含义、估算方法和数据来源</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <source>the cost chart the best %1 that fit</source>
        <translation>费用图只显示放得下的最佳 %1 个</translation>
    </message>
    <message>
        <source>Charts show all %1 candidates (scroll the memory and step-time charts); %2. &lt;a href=&quot;best&quot;&gt;Show the best %3&lt;/a&gt;</source>
        <translation>图表显示全部 %1 个候选（显存图和每步时间图可滚动）；%2。&lt;a href=&quot;best&quot;&gt;只显示最佳 %3 个&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Charts show the best %1 of %2 candidates; %3. &lt;a href=&quot;all&quot;&gt;Show all&lt;/a&gt;</source>
        <translation>图表显示 %2 个候选中最佳的 %1 个；%3。&lt;a href=&quot;all&quot;&gt;显示全部&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Catalog Overrides</source>
        <translation>目录覆盖</translation>
    </message>
    <message>
        <source>Your catalog overrides could not be read and are not used: %1

The file is left as it is, so you can fix it and restart. If you save a price before that, it is first kept as %2.</source>
        <translation>无法读取您的目录覆盖文件，因此未使用：%1

该文件保持原样，您可以修正后重新启动。如果在此之前保存价格，原文件会先另存为 %2。</translation>
    </message>
    <message>
        <source>Import Cloud &amp;Prices…</source>
        <translation>导入云价格(&amp;P)…</translation>
    </message>
    <message>
        <source>Merge what your cloud&apos;s CLI printed (sizes, prices, stock) into your catalog overrides</source>
        <translation>将云厂商命令行工具输出的规格、价格和库存合并到您的目录覆盖文件</translation>
    </message>
    <message>
        <source>Could not write the recovery copy of your unsaved changes:
%1</source>
        <translation>无法写入未保存更改的恢复副本：
%1</translation>
    </message>
    <message>
        <source>Autosave</source>
        <translation>自动保存</translation>
    </message>
    <message>
        <source>Autosave works again</source>
        <translation>自动保存已恢复正常</translation>
    </message>
    <message>
        <source>A recovery file could not be read, so it was not restored:
%1

It was kept as %2.</source>
        <translation>无法读取一个恢复文件，因此未恢复：
%1

该文件已保留为 %2。</translation>
    </message>
    <message>
        <source>Cost-Time &amp;Frontier…</source>
        <translation>费用-时间前沿(&amp;F)…</translation>
    </message>
    <message>
        <source>S&amp;weep…</source>
        <translation>参数扫描(&amp;W)…</translation>
    </message>
    <message>
        <source>One input across a range of values: cost, time and memory of the best answer at each</source>
        <translation>让一个输入取一组值：每个值下最佳答案的费用、时间和显存</translation>
    </message>
    <message>
        <source>Every configuration that fits, as cost against time, with the frontier and the chosen one marked</source>
        <translation>所有放得下的配置的费用与时间，标出前沿和选定的配置</translation>
    </message>
    <message>
        <source>the throughput-latency chart the best %1</source>
        <translation>吞吐与延迟图显示最优的 %1 个</translation>
    </message>
    <message>
        <source>Se&amp;nsitivity…</source>
        <translation>敏感性分析(&amp;N)…</translation>
    </message>
    <message>
        <source>How far the recommendation&apos;s cost moves when an estimated price, an efficiency or the spot interruption rate is off, and whether the choice changes</source>
        <translation>估算价格、效率或竞价实例中断率有偏差时，推荐配置的费用变化多少，以及推荐是否改变</translation>
    </message>
    <message>
        <source>Hugging Face Cache</source>
        <translation>Hugging Face 缓存</translation>
    </message>
    <message>
        <source>Reading the Hugging Face cache...</source>
        <translation>正在读取 Hugging Face 缓存……</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>No model with a config.json was found in the Hugging Face cache (%1). On a connected machine, download one with: huggingface-cli download ORG/NAME config.json, or set HF_HOME to the folder that holds the cache.</source>
        <translation>在 Hugging Face 缓存（%1）中没有找到带 config.json 的模型。请在联网的机器上用 huggingface-cli download ORG/NAME config.json 下载，或把 HF_HOME 设为存放缓存的文件夹。</translation>
    </message>
    <message>
        <source>no HF_HUB_CACHE, HF_HOME or HOME set</source>
        <translation>未设置 HF_HUB_CACHE、HF_HOME 或 HOME</translation>
    </message>
    <message>
        <source>Models in %1:</source>
        <translation>%1 中的模型：</translation>
    </message>
    <message>
        <source>%1 is not in the Hugging Face cache (%2).</source>
        <translation>%1 不在 Hugging Face 缓存（%2）中。</translation>
    </message>
    <message>
        <source>&amp;Budget…</source>
        <translation>预算(&amp;B)…</translation>
    </message>
    <message>
        <source>A team&apos;s budget over months: several workloads, the shared fleet, commitments, stock, caps, energy, buy or rent</source>
        <translation>团队的多月预算：多项工作负载、共用机群、包年包月与预留实例券、库存、上限、能耗、购买或租用</translation>
    </message>
    <message>
        <source>Export Launch Files</source>
        <translation>导出启动文件</translation>
    </message>
    <message>
        <source>There is no recommendation to export yet: fix the plan&apos;s errors or wait for the evaluation.</source>
        <translation>还没有可导出的推荐：请修正方案中的错误，或等待计算完成。</translation>
    </message>
    <message>
        <source>Import &amp;Launch File…</source>
        <translation>导入启动文件(&amp;L)…</translation>
    </message>
    <message>
        <source>Read a torchtitan, Megatron, DeepSpeed, Hugging Face, vLLM or SGLang launch file into the plan</source>
        <translation>将 torchtitan、Megatron、DeepSpeed、Hugging Face、vLLM 或 SGLang 启动文件读入方案</translation>
    </message>
    <message>
        <source>Export La&amp;unch Files…</source>
        <translation>导出启动文件(&amp;U)…</translation>
    </message>
    <message>
        <source>Write the recommendation as torchtitan, Megatron, DeepSpeed, Hugging Face, vLLM, SGLang or Kubernetes files</source>
        <translation>将推荐配置写成 torchtitan、Megatron、DeepSpeed、Hugging Face、vLLM、SGLang 或 Kubernetes 文件</translation>
    </message>
    <message>
        <source>New &amp;RL Post-Training Plan</source>
        <translation>新建 RL 后训练方案(&amp;R)</translation>
    </message>
    <message>
        <source>Start from the example GRPO plan: rollouts, reference, reward and training</source>
        <translation>从 GRPO 示例方案开始：采样、参考模型、奖励与训练</translation>
    </message>
    <message>
        <source>%1 opened with warnings: %2</source>
        <translation>%1 已打开，但有警告：%2</translation>
    </message>
    <message>
        <source>%1 cancelled: nothing was written</source>
        <translation>%1 已取消：没有写入任何文件</translation>
    </message>
    <message>
        <source>%1 is still running: wait for it or cancel it first.</source>
        <translation>%1 仍在进行：请等待它完成，或先取消它。</translation>
    </message>
    <message>
        <source>%1 of %2 candidates fit · %3 RL layouts scored in %4 ms</source>
        <translation>%2 个候选中 %1 个放得下 · %4 毫秒内评估了 %3 种 RL 布局</translation>
    </message>
    <message>
        <source>Open Budget</source>
        <translation>打开预算</translation>
    </message>
</context>
<context>
    <name>gpui::OnPremDialog</name>
    <message>
        <source>On-Premise Machine</source>
        <translation>本地机器</translation>
    </message>
    <message>
        <source>e.g. Lab server 1</source>
        <translation>例如：实验室服务器 1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>GPU&apos;s own (NVLink if any, else PCIe)</source>
        <translation>GPU 自带（有 NVLink 则用 NVLink，否则 PCIe）</translation>
    </message>
    <message>
        <source> Gb/s</source>
        <translation> Gb/s</translation>
    </message>
    <message>
        <source>Each node&apos;s total network bandwidth to other nodes (8 x 200 Gb/s InfiniBand = 1600)</source>
        <translation>每个节点到其他节点的网络总带宽（8 × 200 Gb/s InfiniBand = 1600）</translation>
    </message>
    <message>
        <source> / h</source>
        <translation> /小时</translation>
    </message>
    <message>
        <source>free (owned)</source>
        <translation>免费（自有）</translation>
    </message>
    <message>
        <source>What the whole machine (all nodes) costs per hour: amortization, power, or a quote</source>
        <translation>整台机器（所有节点）每小时的成本：折旧、电费或报价</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点卡数</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>GPU link</source>
        <translation>GPU 互联</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>none (one node only)</source>
        <translation>无（仅单节点）</translation>
    </message>
    <message>
        <source>%1 nodes need a network bandwidth between them: give each node&apos;s network (8 x 200 Gb/s InfiniBand = 1600).</source>
        <translation>%1 个节点之间需要网络带宽：请填写每个节点的网络带宽（8 × 200 Gb/s InfiniBand = 1600）。</translation>
    </message>
    <message>
        <source>A MIG slice of the GPU: one serving replica per slice, priced at the slice&apos;s share of the machine&apos;s price. Offered on a machine of one GPU whose GPU has MIG profiles.</source>
        <translation>GPU 的 MIG 切片：每个切片一个推理副本，按切片占整机价格的份额计价。仅在单 GPU 且该 GPU 有 MIG 配置的机器上提供。</translation>
    </message>
    <message>
        <source>MIG slice</source>
        <translation>MIG 切片</translation>
    </message>
    <message>
        <source>whole GPUs</source>
        <translation>整块 GPU</translation>
    </message>
</context>
<context>
    <name>gpui::PriceDialog</name>
    <message>
        <source>Price of %1</source>
        <translation>%1 的价格</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Where the quote came from, e.g. sales email 2026-11-20</source>
        <translation>例如：2026-11-20 销售邮件</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <source>Pay-as-you-go per hour</source>
        <translation>按量计费（每小时）</translation>
    </message>
    <message>
        <source>Monthly subscription</source>
        <translation>包年包月（每月）</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Use Catalog Price</source>
        <translation>使用目录价格</translation>
    </message>
    <message>
        <source>CNY (¥)</source>
        <translation>人民币（¥）</translation>
    </message>
    <message>
        <source>USD ($)</source>
        <translation>美元（$）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Applies to every plan.&lt;/b&gt; Your quote replaces the catalog price of this instance in every plan you open, not only this one; it is kept in your catalog overrides file. A figure you leave as shown stays the catalog&apos;s.</source>
        <translation>&lt;b&gt;适用于所有方案。&lt;/b&gt;您的报价会在您打开的每个方案中（而不仅是当前方案）替换此实例的目录价格；它保存在您的目录覆盖文件中。保持原样未改动的数值仍使用目录数值。</translation>
    </message>
    <message>
        <source>Discount off pay-as-you-go</source>
        <translation>相对按量计费的折扣</translation>
    </message>
    <message>
        <source>Price per hour</source>
        <translation>每小时价格</translation>
    </message>
    <message>
        <source> % off</source>
        <translation> % 折扣</translation>
    </message>
    <message>
        <source> / h</source>
        <translation> / 小时</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>竞价实例</translation>
    </message>
    <message>
        <source>Reserved discount</source>
        <translation>预留实例券折扣</translation>
    </message>
</context>
<context>
    <name>gpui::RecommendationPanel</name>
    <message>
        <source>%1 x %2 nodes</source>
        <translation>%1 × %2 个节点</translation>
    </message>
    <message>
        <source>%1 · %2 parameters</source>
        <translation>%1 · %2 参数</translation>
    </message>
    <message>
        <source> (%1 active)</source>
        <translation>（激活 %1）</translation>
    </message>
    <message>
        <source>&lt;p&gt;No candidates to compare. Choose instances on the Candidates tab.&lt;/p&gt;</source>
        <translation>&lt;p&gt;没有可比较的候选。请在“候选”页中选择实例。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3 style=&apos;color:#d03b3b&apos;&gt;No candidate fits&lt;/h3&gt;</source>
        <translation>&lt;h3 style=&apos;color:#d03b3b&apos;&gt;没有放得下的候选&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Closest: &lt;b&gt;%1&lt;/b&gt; — %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;最接近：&lt;b&gt;%1&lt;/b&gt; — %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>needs %1 per GPU</source>
        <translation>每卡需要 %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;What would make it fit:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;以下做法可以放下：&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Recommended: %1&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;推荐：%1&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 x %2 · %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 × %2 · %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>the cheapest candidate that fits</source>
        <translation>放得下的候选中费用最低</translation>
    </message>
    <message>
        <source>the fastest candidate that fits</source>
        <translation>放得下的候选中速度最快</translation>
    </message>
    <message>
        <source>the cheapest that fits and finishes within %1</source>
        <translation>放得下且能在 %1内完成的候选中费用最低</translation>
    </message>
    <message>
        <source>the fastest that fits and stays within %1</source>
        <translation>放得下且费用不超过 %1 的候选中速度最快</translation>
    </message>
    <message>
        <source>&lt;p&gt;Why: %1.&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;理由：%1。&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Finishes in &lt;b&gt;%1&lt;/b&gt; (%2 GPU-hours) at %3 tokens/s, MFU %4&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;%1&lt;/b&gt; 完成（%2 卡时），%3 token/秒，MFU %4&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Decodes &lt;b&gt;%1 tokens/s&lt;/b&gt;; prefill %2&lt;/li&gt;</source>
        <translation>&lt;li&gt;解码 &lt;b&gt;%1 token/秒&lt;/b&gt;；预填充 %2&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Costs &lt;b&gt;%1&lt;/b&gt; (%2, %3)&lt;/li&gt;</source>
        <translation>&lt;li&gt;费用 &lt;b&gt;%1&lt;/b&gt;（%2，%3）&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Monthly billing pays off after %1 days&lt;/li&gt;</source>
        <translation>&lt;li&gt;使用超过 %1 天后包年包月更划算&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Memory %1 of %2 per GPU; bottleneck: %3&lt;/li&gt;</source>
        <translation>&lt;li&gt;单卡显存 %1 / %2；瓶颈：%3&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;The others&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;%1&lt;/ul&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;其他候选&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;%1&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>&lt;h3 style=&apos;color:#d03b3b&apos;&gt;The plan cannot be evaluated&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</source>
        <translation>&lt;h3 style=&apos;color:#d03b3b&apos;&gt;无法评估该方案&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:gray&apos;&gt;Evaluating…&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:gray&apos;&gt;正在评估…&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Billing modes counted: %1&lt;/li&gt;</source>
        <translation>&lt;li&gt;计入的计费方式：%1&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Costs &lt;b&gt;%1&lt;/b&gt; per million tokens (%2, %3)&lt;/li&gt;</source>
        <translation>&lt;li&gt;每百万 token 费用 &lt;b&gt;%1&lt;/b&gt;（%2，%3）&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;No price under the counted billing modes (%1)&lt;/li&gt;</source>
        <translation>&lt;li&gt;计入的计费方式（%1）下没有价格&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;h3 style=&apos;color:#d03b3b&apos;&gt;No candidate meets the latency targets&lt;/h3&gt;</source>
        <translation>&lt;h3 style=&apos;color:#d03b3b&apos;&gt;没有候选满足延迟目标&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Time to first token %1, time per output token %2 at %3 requests in flight per replica.&lt;/p&gt;</source>
        <translation>&lt;p&gt;每副本在途 %3 个请求时，首 token 时间 %1，每输出 token 时间 %2。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 · %2 x %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 · %2 × %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>the lowest latency that meets the targets at the load</source>
        <translation>在该负载下满足延迟目标且延迟最低</translation>
    </message>
    <message>
        <source>the lowest cost per million tokens that meets the targets at the load</source>
        <translation>在该负载下满足延迟目标且每百万 token 成本最低</translation>
    </message>
    <message>
        <source>&lt;li&gt;Load: %1 of %2 prompt and %3 output tokens; %4 in flight per replica (the KV cache holds %5)&lt;/li&gt;</source>
        <translation>&lt;li&gt;负载：%1，每个请求 %2 个输入 token、%3 个输出 token；每副本在途 %4 个请求（KV 缓存可容纳 %5 个）&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Time to first token &lt;b&gt;%1&lt;/b&gt;; time per output token &lt;b&gt;%2&lt;/b&gt;&lt;/li&gt;</source>
        <translation>&lt;li&gt;首 token 时间 &lt;b&gt;%1&lt;/b&gt;；每输出 token 时间 &lt;b&gt;%2&lt;/b&gt;&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;%1 output tokens/s per replica, %2 in all (%3 requests/s); limit: %4&lt;/li&gt;</source>
        <translation>&lt;li&gt;每副本 %1 输出 token/秒，合计 %2（%3 请求/秒）；限制因素：%4&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Costs &lt;b&gt;%1 per million tokens&lt;/b&gt; (%2, %3)</source>
        <translation>&lt;li&gt;费用 &lt;b&gt;每百万 token %1&lt;/b&gt;（%2，%3）</translation>
    </message>
    <message>
        <source>; %1 per million output tokens</source>
        <translation>；每百万输出 token %1</translation>
    </message>
    <message>
        <source>&lt;li&gt;Monthly cost &lt;b&gt;%1&lt;/b&gt; (%2) for %3 requests a month&lt;/li&gt;</source>
        <translation>&lt;li&gt;月度费用 &lt;b&gt;%1&lt;/b&gt;（%2），每月 %3 个请求&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Monthly cost &lt;b&gt;%1&lt;/b&gt; (%2), always on&lt;/li&gt;</source>
        <translation>&lt;li&gt;月度费用 &lt;b&gt;%1&lt;/b&gt;（%2），全天候运行&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Monthly billing costs less than pay-as-you-go above %1 hours a month&lt;/li&gt;</source>
        <translation>&lt;li&gt;每月使用超过 %1 小时，包年包月比按量计费更便宜&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Memory %1 of %2 per GPU; KV cache %3 tokens per replica&lt;/li&gt;</source>
        <translation>&lt;li&gt;每 GPU 显存 %1 / %2；每副本 KV 缓存 %3 个 token&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Largest overhead: %1&lt;/li&gt;</source>
        <translation>&lt;li&gt;最大开销：%1&lt;/li&gt;</translation>
    </message>
    <message>
        <source>time to first token %1 at %2 requests/s each</source>
        <translation>每个副本 %2 请求/秒时首 token 时间 %1</translation>
    </message>
    <message>
        <source>%1 requests each at %2 per token</source>
        <translation>每个副本 %1 个请求，每 token %2</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Prefill pool</source>
        <translation>预填充池</translation>
    </message>
    <message>
        <source>Decode pool</source>
        <translation>解码池</translation>
    </message>
    <message>
        <source>P:D = %1:%2</source>
        <translation>P:D = %1:%2</translation>
    </message>
    <message>
        <source>&lt;li&gt;Prefill and decode: %1&lt;/li&gt;</source>
        <translation>&lt;li&gt;预填充与解码：%1&lt;/li&gt;</translation>
    </message>
    <message>
        <source>Not compared on cost: %1 %2</source>
        <translation>未比较费用：%1 %2</translation>
    </message>
    <message>
        <source>Runs in %1, not %2: %3 does not support %2.</source>
        <translation>此处以 %1 运行，而非 %2：%3 不支持 %2。</translation>
    </message>
    <message>
        <source>(hide details)</source>
        <translation>（收起详情）</translation>
    </message>
    <message>
        <source>(details)</source>
        <translation>（详情）</translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s) that fit were not compared on cost: no price</source>
        <translation>
            <numerusform>%n 个放得下的候选没有价格，未参与费用比较</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpui::RlCandidateModel</name>
    <message numerus="yes">
        <source>Colocated on %n GPU(s)</source>
        <translation>
            <numerusform>共置于 %n 张 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>Separate: %1 rollout + %2 training GPUs</source>
        <translation>分离：%1 张采样 GPU + %2 张训练 GPU</translation>
    </message>
    <message numerus="yes">
        <source>, %n step(s) off-policy</source>
        <translation>
            <numerusform>，异策略 %n 步</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n 张 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>ZeRO-%1 over %2 GPUs</source>
        <translation>ZeRO-%1，%2 张 GPU</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>%1 of %2 GiB</source>
        <translation>%1 / %2 GiB</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
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
        <source>Placement</source>
        <translation>放置方式</translation>
    </message>
    <message>
        <source>Rollout engines</source>
        <translation>采样引擎</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Limiting phase</source>
        <translation>瓶颈阶段</translation>
    </message>
    <message>
        <source>Peak memory per GPU</source>
        <translation>每卡峰值显存</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Steps per hour</source>
        <translation>每小时步数</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>小时</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Per 1,000 prompts</source>
        <translation>每千个提示</translation>
    </message>
    <message>
        <source>Why not</source>
        <translation>未被推荐的原因</translation>
    </message>
</context>
<context>
    <name>gpui::RlView</name>
    <message>
        <source>Change %1</source>
        <translation>修改%1</translation>
    </message>
    <message>
        <source>Cannot answer this RL plan: %1</source>
        <translation>无法回答该 RL 方案：%1</translation>
    </message>
    <message>
        <source>Why the others lose</source>
        <translation>其他候选落选的原因</translation>
    </message>
    <message>
        <source>RL post-training</source>
        <translation>RL 后训练</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>推荐</translation>
    </message>
</context>
<context>
    <name>gpui::ScenarioBar</name>
    <message>
        <source>Scenario %1</source>
        <translation>场景 %1</translation>
    </message>
    <message>
        <source>Add scenario &quot;%1&quot;</source>
        <translation>添加场景“%1”</translation>
    </message>
    <message>
        <source>Base plan</source>
        <translation>基础方案</translation>
    </message>
    <message>
        <source>%1 copy</source>
        <translation>%1 副本</translation>
    </message>
    <message>
        <source>Duplicate scenario as &quot;%1&quot;</source>
        <translation>复制场景为“%1”</translation>
    </message>
    <message>
        <source>Rename scenario to &quot;%1&quot;</source>
        <translation>将场景重命名为“%1”</translation>
    </message>
    <message>
        <source>Delete scenario &quot;%1&quot;</source>
        <translation>删除场景“%1”</translation>
    </message>
    <message>
        <source>Rename Scenario</source>
        <translation>重命名场景</translation>
    </message>
    <message>
        <source>Scenario name:</source>
        <translation>场景名称：</translation>
    </message>
    <message>
        <source>Add Scenario</source>
        <translation>添加场景</translation>
    </message>
    <message>
        <source>A new scenario: a named variant of the plan; edits made while it is chosen apply to it only</source>
        <translation>新建场景：方案的一个命名变体；选中它时所做的修改只作用于它</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>A new scenario with the chosen one&apos;s changes</source>
        <translation>新建场景，带有当前所选场景的改动</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Compare…</source>
        <translation>比较…</translation>
    </message>
    <message>
        <source>The plan and each scenario side by side: best candidate, cost and time</source>
        <translation>并排比较方案与各场景：最佳候选、费用和时间</translation>
    </message>
</context>
<context>
    <name>gpui::ScenarioCompareView</name>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message numerus="yes">
        <source>%n scenario(s) compared in %1</source>
        <translation>
            <numerusform>已比较 %n 个场景，用时 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare Scenarios</source>
        <translation>比较场景</translation>
    </message>
    <message>
        <source>&amp;Baseline:</source>
        <translation>基准(&amp;B)：</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1失败：%2</translation>
    </message>
    <message>
        <source>Scenario comparison</source>
        <translation>场景比较</translation>
    </message>
</context>
<context>
    <name>gpui::ScenarioComparisonModel</name>
    <message>
        <source>%1 / M tokens</source>
        <translation>%1 / 百万 token</translation>
    </message>
    <message>
        <source>Base plan</source>
        <translation>基础方案</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基准）</translation>
    </message>
    <message>
        <source>No candidate</source>
        <translation>没有候选</translation>
    </message>
    <message>
        <source>%1 (%2 nodes)</source>
        <translation>%1（%2 个节点）</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>Yes, misses the objective</source>
        <translation>是，但未达到目标</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基准</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 of %2 usable</source>
        <translation>每块 GPU 显存：%1，可用 %2</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Best candidate</source>
        <translation>最佳候选</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Memory headroom</source>
        <translation>显存余量</translation>
    </message>
    <message>
        <source>Cost vs baseline</source>
        <translation>费用相对基准</translation>
    </message>
    <message>
        <source>Time vs baseline</source>
        <translation>时间相对基准</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>无改动</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>Changes from baseline</source>
        <translation>相对基准的改动</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
</context>
<context>
    <name>gpui::SensitivityView</name>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>%1 GPU-hours</source>
        <translation>%1 GPU 小时</translation>
    </message>
    <message>
        <source>%1 / M tokens</source>
        <translation>%1 / 百万 token</translation>
    </message>
    <message>
        <source>%1 (%2–%3)</source>
        <translation>%1（%2–%3）</translation>
    </message>
    <message>
        <source>Computed in %1</source>
        <translation>计算用时 %1</translation>
    </message>
    <message>
        <source>Recommended: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>推荐：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Time: %1 (%2–%3)</source>
        <translation>时间：%1（%2–%3）</translation>
    </message>
    <message>
        <source>±%1</source>
        <translation>±%1</translation>
    </message>
    <message>
        <source>%1–%2 per node-day</source>
        <translation>每节点每天 %1–%2 次</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>nothing meets the objective</source>
        <translation>没有候选满足目标</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 at the low end, %3 at the high end</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：低端 %2，高端 %3</translation>
    </message>
    <message>
        <source>; at the low end %1 is recommended</source>
        <translation>；低端时推荐 %1</translation>
    </message>
    <message>
        <source>; at the high end %1 is recommended</source>
        <translation>；高端时推荐 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: every candidate&apos;s price is published or your own</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：所有候选的价格均为公开价格或您自己的报价</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: the plan does not count spot instances</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：此方案不计入竞价实例</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感性分析</translation>
    </message>
    <message>
        <source>Input at its low end</source>
        <translation>输入取低端</translation>
    </message>
    <message>
        <source>Input at its high end</source>
        <translation>输入取高端</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>估算值</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 (%2–%3) of %4 usable</source>
        <translation>每块 GPU 显存：%1（%2–%3），可用 %4</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 of %2 usable</source>
        <translation>每块 GPU 显存：%1，可用 %2</translation>
    </message>
    <message>
        <source>; above the usable memory at an end of the range</source>
        <translation>；在范围的某一端超出可用显存</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: the plan sets it, so it is not varied</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：此方案设定了该值，因此不做变动</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: a serving engine takes a set share of GPU memory, so it does not move memory</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：推理引擎占用固定比例的 GPU 显存，因此它不改变显存</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: one published measurement and no range, so the point value is used</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：只有一项公开测量、没有范围，因此使用点值</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: not varied</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：不做变动</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>; memory per GPU %1 at the low end, %2 at the high end</source>
        <translation>；每块 GPU 显存低端 %1，高端 %2</translation>
    </message>
    <message>
        <source> (above the usable memory)</source>
        <translation>（超出可用显存）</translation>
    </message>
    <message>
        <source>How far the recommendation&apos;s cost, time and memory move when one uncertain input is at either end of its sourced range: estimated prices, compute and bandwidth efficiency, spot interruptions, the CUDA context and the allocator&apos;s fragmentation. One input at a time, not a joint worst case.</source>
        <translation>当一项不确定输入处于其有来源的范围两端时，推荐配置的费用、时间和显存变化多少：估算价格、计算与带宽效率、竞价实例中断、CUDA 上下文和分配器碎片。每次只变动一项输入，并非所有输入同时取最坏情况。</translation>
    </message>
    <message>
        <source>Memory per GPU: the serving engine takes %1; its KV cache fills what the weights leave</source>
        <translation>每块 GPU 显存：推理引擎占用 %1；权重之外的空间由其 KV 缓存占满</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1失败：%2</translation>
    </message>
</context>
<context>
    <name>gpui::SweepView</name>
    <message>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <source>&amp;Vary:</source>
        <translation>变化项(&amp;V)：</translation>
    </message>
    <message>
        <source>V&amp;alues:</source>
        <translation>取值(&amp;A)：</translation>
    </message>
    <message>
        <source>Values separated by commas; each one is a scenario answered like the plan</source>
        <translation>用逗号分隔的取值；每个值作为一个场景，按方案的同一方法求解</translation>
    </message>
    <message>
        <source>&amp;Sweep</source>
        <translation>扫描(&amp;S)</translation>
    </message>
    <message>
        <source>Nodes (every candidate)</source>
        <translation>节点数（所有候选）</translation>
    </message>
    <message>
        <source>GPUs per node (bare GPUs)</source>
        <translation>每节点 GPU 数（裸 GPU）</translation>
    </message>
    <message>
        <source>%1 (%2–%3)</source>
        <translation>%1（%2–%3）</translation>
    </message>
</context>
</TS>
