<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AnswerText</name>
    <message>
        <source>does not fit (%1 of %2 per GPU)</source>
        <translation>does not fit (%1 of %2 per GPU)</translation>
    </message>
    <message>
        <source>takes %1, past the deadline of %2</source>
        <translation>takes %1, past the deadline of %2</translation>
    </message>
    <message>
        <source>costs %1, over the budget of %2</source>
        <translation>costs %1, over the budget of %2</translation>
    </message>
    <message>
        <source>costs %1 more per million tokens (+%2, %3)</source>
        <translation>costs %1 more per million tokens (+%2, %3)</translation>
    </message>
    <message>
        <source>costs %1 more (+%2, %3)</source>
        <translation>costs %1 more (+%2, %3)</translation>
    </message>
    <message>
        <source>costs %1 less per million tokens (%2)</source>
        <translation>costs %1 less per million tokens (%2)</translation>
    </message>
    <message>
        <source>costs %1 less (%2)</source>
        <translation>costs %1 less (%2)</translation>
    </message>
    <message>
        <source>takes %1 longer</source>
        <translation>takes %1 longer</translation>
    </message>
    <message>
        <source>finishes %1 sooner</source>
        <translation>finishes %1 sooner</translation>
    </message>
    <message>
        <source>ranks just below on the objective&apos;s tie-breaks</source>
        <translation>ranks just below on the objective&apos;s tie-breaks</translation>
    </message>
    <message>
        <source>no price under the counted billing modes</source>
        <translation>no price under the counted billing modes</translation>
    </message>
    <message>
        <source>%1 per million tokens (%2)</source>
        <translation>%1 per million tokens (%2)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>misses the latency targets</source>
        <translation>misses the latency targets</translation>
    </message>
    <message>
        <source>tensor %1 × pipeline %2</source>
        <translation>tensor %1 × pipeline %2</translation>
    </message>
    <message>
        <source>tensor %1</source>
        <translation>tensor %1</translation>
    </message>
    <message numerus="yes">
        <source>%n replica(s) × %1 GPUs (%2)</source>
        <translation>
            <numerusform>%n replica × %1 GPUs (%2)</numerusform>
            <numerusform>%n replicas × %1 GPUs (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (no target)</source>
        <translation>%1 (no target)</translation>
    </message>
    <message>
        <source>%1 (target %2)</source>
        <translation>%1 (target %2)</translation>
    </message>
    <message>
        <source>%1 (over the target of %2)</source>
        <translation>%1 (over the target of %2)</translation>
    </message>
    <message>
        <source>The weights, the activation peak and non-torch memory need %1 more than the engine&apos;s %2 per GPU: no room is left for a KV cache.</source>
        <translation>The weights, the activation peak and non-torch memory need %1 more than the engine&apos;s %2 per GPU: no room is left for a KV cache.</translation>
    </message>
    <message>
        <source>The engine takes %1 of %2 per GPU; its KV cache fills the %3 that the weights, the activation peak and non-torch memory leave; %4 stay outside the engine.</source>
        <translation>The engine takes %1 of %2 per GPU; its KV cache fills the %3 that the weights, the activation peak and non-torch memory leave; %4 stay outside the engine.</translation>
    </message>
    <message>
        <source>recompute %1 of %2 layers</source>
        <translation>recompute %1 of %2 layers</translation>
    </message>
    <message>
        <source>bf16 optimizer states</source>
        <translation>bf16 optimizer states</translation>
    </message>
    <message>
        <source>MTP module</source>
        <translation>MTP module</translation>
    </message>
    <message>
        <source>EAGLE-3 head</source>
        <translation>EAGLE-3 head</translation>
    </message>
    <message>
        <source>EAGLE head</source>
        <translation>EAGLE head</translation>
    </message>
    <message>
        <source>%1 draft tokens at %2 acceptance: %3 tokens per step; %4× at one request, %5× here</source>
        <translation>%1 draft tokens at %2 acceptance: %3 tokens per step; %4× at one request, %5× here</translation>
    </message>
    <message>
        <source>it does not pay even for one request</source>
        <translation>it does not pay even for one request</translation>
    </message>
    <message numerus="yes">
        <source>it pays up to %n request(s) per step</source>
        <translation>
            <numerusform>it pays up to %n request per step</numerusform>
            <numerusform>it pays up to %n requests per step</numerusform>
        </translation>
    </message>
    <message>
        <source>Speculative decoding, %1: %2; %3.</source>
        <translation>Speculative decoding, %1: %2; %3.</translation>
    </message>
    <message>
        <source>shared system prompt</source>
        <translation>shared system prompt</translation>
    </message>
    <message>
        <source>multi-turn chat</source>
        <translation>multi-turn chat</translation>
    </message>
    <message>
        <source>RAG documents</source>
        <translation>RAG documents</translation>
    </message>
    <message>
        <source>Prefix cache (%1): %2 of prompt tokens found (%3 if all were held), %4 tokens and %5 of prefill saved per request; it holds %6, %7 of it in host memory, %8 to load per request.</source>
        <translation>Prefix cache (%1): %2 of prompt tokens found (%3 if all were held), %4 tokens and %5 of prefill saved per request; it holds %6, %7 of it in host memory, %8 to load per request.</translation>
    </message>
    <message numerus="yes">
        <source>%n prefill replica(s) × %1 GPUs (%2)</source>
        <translation>
            <numerusform>%n prefill replica × %1 GPUs (%2)</numerusform>
            <numerusform>%n prefill replicas × %1 GPUs (%2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n decode replica(s) × %1 GPUs (%2)</source>
        <translation>
            <numerusform>%n decode replica × %1 GPUs (%2)</numerusform>
            <numerusform>%n decode replicas × %1 GPUs (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 MB per request over %2 (%3 Gbps): %4</source>
        <translation>%1 MB per request over %2 (%3 Gbps): %4</translation>
    </message>
    <message>
        <source>Keys and values are kept in %1 of the %2 layers (%3 per token); the recurrent layers keep a state of %4 per request instead.</source>
        <translation>Keys and values are kept in %1 of the %2 layers (%3 per token); the recurrent layers keep a state of %4 per request instead.</translation>
    </message>
    <message>
        <source>%1 + %2</source>
        <translation>%1 + %2</translation>
    </message>
    <message numerus="yes">
        <source>%n LoRA adapter(s) of rank %1: </source>
        <translation>
            <numerusform>%n LoRA adapter of rank %1: </numerusform>
            <numerusform>%n LoRA adapters of rank %1: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n per replica on the GPUs (%1 per GPU), </source>
        <translation>
            <numerusform>%n per replica on the GPUs (%1 per GPU), </numerusform>
            <numerusform>%n per replica on the GPUs (%1 per GPU), </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in host memory; the decode step takes %1x as long.</source>
        <translation>
            <numerusform>%n in host memory; the decode step takes %1x as long.</numerusform>
            <numerusform>%n in host memory; the decode step takes %1x as long.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of requests first load their adapter over PCIe, %2 each.</source>
        <translation>%1 of requests first load their adapter over PCIe, %2 each.</translation>
    </message>
    <message>
        <source>The slots hold the batch at %1 requests, where its adapters fill them.</source>
        <translation>The slots hold the batch at %1 requests, where its adapters fill them.</translation>
    </message>
    <message>
        <source>Wide expert parallelism over %1 GPUs (attention data-parallel, experts spread): %2 requests per GPU against %3 for the replicas; %4 output tokens/s per GPU at %5 requests (time per output token %6, %7 of it all-to-all) against %8 for the replicas: %9.</source>
        <translation>Wide expert parallelism over %1 GPUs (attention data-parallel, experts spread): %2 requests per GPU against %3 for the replicas; %4 output tokens/s per GPU at %5 requests (time per output token %6, %7 of it all-to-all) against %8 for the replicas: %9.</translation>
    </message>
    <message>
        <source>wide EP serves more per GPU</source>
        <translation>wide EP serves more per GPU</translation>
    </message>
    <message>
        <source>the replicas serve more per GPU</source>
        <translation>the replicas serve more per GPU</translation>
    </message>
    <message numerus="yes">
        <source>on %n node(s) of %1 (%2)</source>
        <translation>
            <numerusform>on %n node of %1 (%2)</numerusform>
            <numerusform>on %n nodes of %1 (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>Local disk: %1 of %2 held, read at %3/s; %4 of the load is the disk read.</source>
        <translation>Local disk: %1 of %2 held, read at %3/s; %4 of the load is the disk read.</translation>
    </message>
</context>
<context>
    <name>Charts</name>
    <message>
        <source>%1, %2 nodes</source>
        <translation>%1, %2 nodes</translation>
    </message>
    <message>
        <source>%1 x%2</source>
        <translation>%1 x%2</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Memory per GPU</translation>
    </message>
    <message>
        <source>Memory per GPU: no candidates</source>
        <translation>Memory per GPU: no candidates</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2: %3&lt;br&gt;Total: %4 of %5 (usable %6)&lt;br&gt;%7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2: %3&lt;br&gt;Total: %4 of %5 (usable %6)&lt;br&gt;%7</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Fits</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>Does not fit</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>GiB per GPU</translation>
    </message>
    <message>
        <source>GPU capacity (fits)</source>
        <translation>GPU capacity (fits)</translation>
    </message>
    <message>
        <source>GPU capacity (does not fit)</source>
        <translation>GPU capacity (does not fit)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;GPU memory: %2&lt;br&gt;Usable after headroom: %3&lt;br&gt;Needed: %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;GPU memory: %2&lt;br&gt;Usable after headroom: %3&lt;br&gt;Needed: %4</translation>
    </message>
    <message>
        <source>Cost over time</source>
        <translation>Cost over time</translation>
    </message>
    <message>
        <source>Cost over time: no fitting candidate with a price</source>
        <translation>Cost over time: no fitting candidate with a price</translation>
    </message>
    <message>
        <source>Elapsed days</source>
        <translation>Elapsed days</translation>
    </message>
    <message>
        <source>Cost (thousand %1)</source>
        <translation>Cost (thousand %1)</translation>
    </message>
    <message>
        <source>Cost (%1)</source>
        <translation>Cost (%1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;Day %3: %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;Day %3: %4</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>Finish</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;Finishes after %3 days&lt;br&gt;Total %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;Finishes after %3 days&lt;br&gt;Total %4</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/a</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Monthly becomes cheaper than pay-as-you-go after %2 days</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Monthly becomes cheaper than pay-as-you-go after %2 days</translation>
    </message>
    <message>
        <source>Decode step time by part</source>
        <translation>Decode step time by part</translation>
    </message>
    <message>
        <source>Time per million tokens</source>
        <translation>Time per million tokens</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2: %3 per step (%4)&lt;br&gt;Step: %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2: %3 per step (%4)&lt;br&gt;Step: %5</translation>
    </message>
    <message>
        <source>&lt;br&gt;Per million tokens: %1</source>
        <translation>&lt;br&gt;Per million tokens: %1</translation>
    </message>
    <message>
        <source>Milliseconds</source>
        <translation>Milliseconds</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Seconds</translation>
    </message>
    <message>
        <source>Monthly breaks even</source>
        <translation>Monthly breaks even</translation>
    </message>
    <message>
        <source>Throughput vs latency per replica (best %1 of %2)</source>
        <translation>Throughput vs latency per replica (best %1 of %2)</translation>
    </message>
    <message>
        <source>Throughput vs latency per replica</source>
        <translation>Throughput vs latency per replica</translation>
    </message>
    <message>
        <source>Cost per million tokens</source>
        <translation>Cost per million tokens</translation>
    </message>
    <message>
        <source>Cost per million tokens: no fitting candidate with a price</source>
        <translation>Cost per million tokens: no fitting candidate with a price</translation>
    </message>
    <message>
        <source>Cost per million tokens (best %1 of %2)</source>
        <translation>Cost per million tokens (best %1 of %2)</translation>
    </message>
    <message>
        <source>Per million tokens (input + output)</source>
        <translation>Per million tokens (input + output)</translation>
    </message>
    <message>
        <source>Per million output tokens</source>
        <translation>Per million output tokens</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;%3 per million tokens&lt;br&gt;%4 per million output tokens&lt;br&gt;%n replica(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;%3 per million tokens&lt;br&gt;%4 per million output tokens&lt;br&gt;%n replica</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;%3 per million tokens&lt;br&gt;%4 per million output tokens&lt;br&gt;%n replicas</numerusform>
        </translation>
    </message>
    <message>
        <source>Throughput vs latency: no candidate starts the serving engine</source>
        <translation>Throughput vs latency: no candidate starts the serving engine</translation>
    </message>
    <message>
        <source>Time per output token (ms)</source>
        <translation>Time per output token (ms)</translation>
    </message>
    <message>
        <source>Output tokens/s per replica</source>
        <translation>Output tokens/s per replica</translation>
    </message>
    <message>
        <source>Operating point</source>
        <translation>Operating point</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; · operating point&lt;br&gt;%2 requests in flight per replica, %n replica(s)&lt;br&gt;%3 output tokens/s per replica&lt;br&gt;Time per output token %4, time to first token %5&lt;br&gt;Limit: %6</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; · operating point&lt;br&gt;%2 requests in flight per replica, %n replica&lt;br&gt;%3 output tokens/s per replica&lt;br&gt;Time per output token %4, time to first token %5&lt;br&gt;Limit: %6</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; · operating point&lt;br&gt;%2 requests in flight per replica, %n replicas&lt;br&gt;%3 output tokens/s per replica&lt;br&gt;Time per output token %4, time to first token %5&lt;br&gt;Limit: %6</numerusform>
        </translation>
    </message>
    <message>
        <source>TPOT target %1</source>
        <translation>TPOT target %1</translation>
    </message>
    <message>
        <source>Cost per million tokens: no candidate serves the load at a known price</source>
        <translation>Cost per million tokens: no candidate serves the load at a known price</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 requests in flight per replica&lt;br&gt;%3 output tokens/s per replica&lt;br&gt;Time per output token %4 (p99 %6), time to first token %5 (p99 %7)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 requests in flight per replica&lt;br&gt;%3 output tokens/s per replica&lt;br&gt;Time per output token %4 (p99 %6), time to first token %5 (p99 %7)</translation>
    </message>
    <message>
        <source>Cost to finish</source>
        <translation>Cost to finish</translation>
    </message>
    <message>
        <source>Cost to finish: no fitting candidate with a price</source>
        <translation>Cost to finish: no fitting candidate with a price</translation>
    </message>
    <message>
        <source>Cost to finish (best %1 of %2)</source>
        <translation>Cost to finish (best %1 of %2)</translation>
    </message>
</context>
<context>
    <name>CoreText</name>
    <message>
        <source>Compute</source>
        <translation>Compute</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>Memory bandwidth</translation>
    </message>
    <message>
        <source>Intra-node link</source>
        <translation>Intra-node link</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Network</translation>
    </message>
    <message>
        <source>PCIe offload</source>
        <translation>PCIe offload</translation>
    </message>
    <message>
        <source>Data loading</source>
        <translation>Data loading</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory capacity</source>
        <translation>Memory capacity</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>The price of %1 is an estimate, not a published figure.</source>
        <translation>The price of %1 is an estimate, not a published figure.</translation>
    </message>
    <message>
        <source>The size of %1 is modelled from text, not a published table.</source>
        <translation>The size of %1 is modelled from text, not a published table.</translation>
    </message>
    <message>
        <source>%1 does not support %2; estimated as %3.</source>
        <translation>%1 does not support %2; estimated as %3.</translation>
    </message>
    <message>
        <source>Time and speed are not estimated for %1 (no peak rate or bandwidth known).</source>
        <translation>Time and speed are not estimated for %1 (no peak rate or bandwidth known).</translation>
    </message>
    <message>
        <source>Use more nodes: fits with %1.</source>
        <translation>Use more nodes: fits with %1.</translation>
    </message>
    <message>
        <source>Use full activation checkpointing: fits with %1.</source>
        <translation>Use full activation checkpointing: fits with %1.</translation>
    </message>
    <message>
        <source>Use ZeRO-3 to shard weights, gradients and optimizer: fits with %1.</source>
        <translation>Use ZeRO-3 to shard weights, gradients and optimizer: fits with %1.</translation>
    </message>
    <message>
        <source>Offload optimizer and parameters to CPU: fits with %1.</source>
        <translation>Offload optimizer and parameters to CPU: fits with %1.</translation>
    </message>
    <message>
        <source>Serve %1 weights: fits with %2.</source>
        <translation>Serve %1 weights: fits with %2.</translation>
    </message>
    <message>
        <source>A %1 (%2) fits.</source>
        <translation>A %1 (%2) fits.</translation>
    </message>
    <message>
        <source>Needs %1 per GPU; %2 usable.</source>
        <translation>Needs %1 per GPU; %2 usable.</translation>
    </message>
    <message>
        <source>The weights alone need %1 per GPU; the GPU has %2.</source>
        <translation>The weights alone need %1 per GPU; the GPU has %2.</translation>
    </message>
    <message>
        <source>Needs %1 nodes (ZeRO-%2) to fit, more than the %3 the plan allows.</source>
        <translation>Needs %1 nodes (ZeRO-%2) to fit, more than the %3 the plan allows.</translation>
    </message>
    <message>
        <source>Offload needs %1 of host RAM per node; the node has %2.</source>
        <translation>Offload needs %1 of host RAM per node; the node has %2.</translation>
    </message>
    <message>
        <source>Tensor parallelism %1 exceeds the %2 GPUs of one node.</source>
        <translation>Tensor parallelism %1 exceeds the %2 GPUs of one node.</translation>
    </message>
    <message>
        <source>Tensor parallelism %1 does not divide the %2 attention heads.</source>
        <translation>Tensor parallelism %1 does not divide the %2 attention heads.</translation>
    </message>
    <message>
        <source>Pipeline parallelism %1 exceeds the %2 layers.</source>
        <translation>Pipeline parallelism %1 exceeds the %2 layers.</translation>
    </message>
    <message>
        <source>The fastest configuration takes %1, past the deadline of %2.</source>
        <translation>The fastest configuration takes %1, past the deadline of %2.</translation>
    </message>
    <message>
        <source>The cheapest configuration costs %1, over the budget of %2.</source>
        <translation>The cheapest configuration costs %1, over the budget of %2.</translation>
    </message>
    <message>
        <source>No price is known for this candidate, so the budget cannot be checked.</source>
        <translation>No price is known for this candidate, so the budget cannot be checked.</translation>
    </message>
    <message>
        <source>Full fine-tune</source>
        <translation>Full fine-tune</translation>
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
        <translation>Freeze (train top layers)</translation>
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
        <translation>FP16 (mixed)</translation>
    </message>
    <message>
        <source>BF16 (mixed)</source>
        <translation>BF16 (mixed)</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>Same as compute</source>
        <translation>Same as compute</translation>
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
        <translation>NF4 (4-bit)</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>AdamW 8-bit</source>
        <translation>AdamW 8-bit</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>SGD with momentum</translation>
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
        <translation>No checkpointing</translation>
    </message>
    <message>
        <source>Selective checkpointing</source>
        <translation>Selective checkpointing</translation>
    </message>
    <message>
        <source>Full checkpointing</source>
        <translation>Full checkpointing</translation>
    </message>
    <message>
        <source>No offload</source>
        <translation>No offload</translation>
    </message>
    <message>
        <source>Optimizer offload</source>
        <translation>Optimizer offload</translation>
    </message>
    <message>
        <source>Optimizer + parameter offload</source>
        <translation>Optimizer + parameter offload</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Cheapest</source>
        <translation>Cheapest</translation>
    </message>
    <message>
        <source>Fastest</source>
        <translation>Fastest</translation>
    </message>
    <message>
        <source>Cheapest within a deadline</source>
        <translation>Cheapest within a deadline</translation>
    </message>
    <message>
        <source>Fastest within a budget</source>
        <translation>Fastest within a budget</translation>
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
        <translation>FP32 logits (Transformers)</translation>
    </message>
    <message>
        <source>Logits in compute precision</source>
        <translation>Logits in compute precision</translation>
    </message>
    <message>
        <source>Chunked loss</source>
        <translation>Chunked loss</translation>
    </message>
    <message>
        <source>Fused linear cross-entropy</source>
        <translation>Fused linear cross-entropy</translation>
    </message>
    <message>
        <source>Pay-as-you-go</source>
        <translation>Pay-as-you-go</translation>
    </message>
    <message>
        <source>Monthly</source>
        <translation>Monthly</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>Reserved</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>Spot</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Weights</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Gradients</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>Optimizer states</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Activations</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>Logits</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV cache</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>Buffers</translation>
    </message>
    <message>
        <source>Allocator</source>
        <translation>Allocator</translation>
    </message>
    <message>
        <source>CUDA runtime</source>
        <translation>CUDA runtime</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>Communication</translation>
    </message>
    <message>
        <source>Intra-node communication</source>
        <translation>Intra-node communication</translation>
    </message>
    <message>
        <source>Network communication</source>
        <translation>Network communication</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>Offload</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>micro-batch %1</translation>
    </message>
    <message>
        <source>accumulation %1</source>
        <translation>accumulation %1</translation>
    </message>
    <message>
        <source>TP %1 x PP %2 x DP %3</source>
        <translation>TP %1 x PP %2 x DP %3</translation>
    </message>
    <message>
        <source> x EP %1</source>
        <translation> x EP %1</translation>
    </message>
    <message>
        <source> (sequence parallel)</source>
        <translation> (sequence parallel)</translation>
    </message>
    <message>
        <source>published price</source>
        <translation>published price</translation>
    </message>
    <message>
        <source>estimated price</source>
        <translation>estimated price</translation>
    </message>
    <message>
        <source>your quote</source>
        <translation>your quote</translation>
    </message>
    <message>
        <source>unknown price</source>
        <translation>unknown price</translation>
    </message>
    <message>
        <source>Tencent Cloud</source>
        <translation>Tencent Cloud</translation>
    </message>
    <message>
        <source>Alibaba Cloud</source>
        <translation>Alibaba Cloud</translation>
    </message>
    <message>
        <source>AWS</source>
        <translation>AWS</translation>
    </message>
    <message>
        <source>On-premise</source>
        <translation>On-premise</translation>
    </message>
    <message>
        <source>Use LoRA (train low-rank adapters, base frozen): fits with %1.</source>
        <translation>Use LoRA (train low-rank adapters, base frozen): fits with %1.</translation>
    </message>
    <message>
        <source>Use QLoRA (4-bit NF4 base, LoRA adapters): fits with %1.</source>
        <translation>Use QLoRA (4-bit NF4 base, LoRA adapters): fits with %1.</translation>
    </message>
    <message>
        <source>Only a size was given: memory and time use a typical Llama-shaped architecture of %1 parameters (hidden %2, %3 layers); give the architecture for exact figures.</source>
        <translation>Only a size was given: memory and time use a typical Llama-shaped architecture of %1 parameters (hidden %2, %3 layers); give the architecture for exact figures.</translation>
    </message>
    <message>
        <source>The given parameter count (%1) differs from the architecture&apos;s count (%2); the architecture is used.</source>
        <translation>The given parameter count (%1) differs from the architecture&apos;s count (%2); the architecture is used.</translation>
    </message>
    <message>
        <source>No price is known for %1, so it is ranked by GPU-hours instead of cost.</source>
        <translation>No price is known for %1, so it is ranked by GPU-hours instead of cost.</translation>
    </message>
    <message>
        <source>The plan&apos;s batch of %1 does not fit some splits; they serve a smaller batch.</source>
        <translation>The plan&apos;s batch of %1 does not fit some splits; they serve a smaller batch.</translation>
    </message>
    <message>
        <source>The config.json field &quot;%1&quot; is not used by the estimate.</source>
        <translation>The config.json field &quot;%1&quot; is not used by the estimate.</translation>
    </message>
    <message numerus="yes">
        <source>%1 on %n node(s), %2 GPUs</source>
        <translation>
            <numerusform>%1 on %n node, %2 GPUs</numerusform>
            <numerusform>%1 on %n nodes, %2 GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <comment>separator between the items of a list inside a sentence</comment>
        <translation>, </translation>
    </message>
    <message>
        <source>%1 vCPUs for %2 GPUs: the Tencent Cloud guide &apos;%4&apos; advises at least %3 CPU cores per GPU so data preprocessing does not stall the GPUs.</source>
        <translation>%1 vCPUs for %2 GPUs: the Tencent Cloud guide &apos;%4&apos; advises at least %3 CPU cores per GPU so data preprocessing does not stall the GPUs.</translation>
    </message>
    <message>
        <source>%1 GB of RAM per vCPU: the Tencent Cloud guide &apos;%3&apos; advises %2 GB of RAM per vCPU so the data pipeline does not block.</source>
        <translation>%1 GB of RAM per vCPU: the Tencent Cloud guide &apos;%3&apos; advises %2 GB of RAM per vCPU so the data pipeline does not block.</translation>
    </message>
    <message>
        <source>The data disk gives %1 IOPS; the Tencent Cloud guide &apos;%3&apos; advises SSD disks with at least %2 IOPS.</source>
        <translation>The data disk gives %1 IOPS; the Tencent Cloud guide &apos;%3&apos; advises SSD disks with at least %2 IOPS.</translation>
    </message>
    <message>
        <source>Nodes are linked at %1 Gb/s; the Tencent Cloud guide &apos;%3&apos; advises at least %2 Gb/s between nodes.</source>
        <translation>Nodes are linked at %1 Gb/s; the Tencent Cloud guide &apos;%3&apos; advises at least %2 Gb/s between nodes.</translation>
    </message>
    <message>
        <source>Multi-node training without RDMA: the Tencent Cloud guide &apos;%1&apos; advises RDMA (RoCE) networking for clusters.</source>
        <translation>Multi-node training without RDMA: the Tencent Cloud guide &apos;%1&apos; advises RDMA (RoCE) networking for clusters.</translation>
    </message>
    <message>
        <source>The %1 GPUs of a node talk over PCIe; the Tencent Cloud guide &apos;%2&apos; advises NVLink for multi-GPU training.</source>
        <translation>The %1 GPUs of a node talk over PCIe; the Tencent Cloud guide &apos;%2&apos; advises NVLink for multi-GPU training.</translation>
    </message>
    <message>
        <source>One optimizer step (%1 sequences, %2 tokens) needs more tokens than the dataset has (%3): lower the global batch or the micro-batch.</source>
        <translation>One optimizer step (%1 sequences, %2 tokens) needs more tokens than the dataset has (%3): lower the global batch or the micro-batch.</translation>
    </message>
    <message>
        <source>The run&apos;s %1 training tokens are fewer than one optimizer step (%2 tokens): time and cost are for a fraction of a step.</source>
        <translation>The run&apos;s %1 training tokens are fewer than one optimizer step (%2 tokens): time and cost are for a fraction of a step.</translation>
    </message>
    <message>
        <source>A sequence of %1 tokens is longer than the model&apos;s context of %2 positions.</source>
        <translation>A sequence of %1 tokens is longer than the model&apos;s context of %2 positions.</translation>
    </message>
    <message>
        <source>Some splits were skipped: the global batch of %1 sequences does not divide evenly over their data-parallel replicas.</source>
        <translation>Some splits were skipped: the global batch of %1 sequences does not divide evenly over their data-parallel replicas.</translation>
    </message>
    <message>
        <source>The config.json quantization method &quot;%1&quot; is not understood; the weights are taken as unquantized.</source>
        <translation>The config.json quantization method &quot;%1&quot; is not understood; the weights are taken as unquantized.</translation>
    </message>
    <message>
        <source>The plan&apos;s configuration does not apply to this candidate: %1</source>
        <translation>The plan&apos;s configuration does not apply to this candidate: %1</translation>
    </message>
    <message>
        <source>This candidate cannot be used: %1</source>
        <translation>This candidate cannot be used: %1</translation>
    </message>
    <message>
        <source>The full estimate of the chosen configuration does not fit although the search&apos;s quick scoring said it does; treat this candidate with care.</source>
        <translation>The full estimate of the chosen configuration does not fit although the search&apos;s quick scoring said it does; treat this candidate with care.</translation>
    </message>
    <message>
        <source>The configuration cannot run on this candidate: %1</source>
        <translation>The configuration cannot run on this candidate: %1</translation>
    </message>
    <message>
        <source>LoRA target module &quot;%1&quot; is not a known module name, so it adapts nothing; use names such as q_proj, v_proj or all-linear.</source>
        <translation>LoRA target module &quot;%1&quot; is not a known module name, so it adapts nothing; use names such as q_proj, v_proj or all-linear.</translation>
    </message>
    <message>
        <source>%1 has no price in %2; the price shown is for %3.</source>
        <translation>%1 has no price in %2; the price shown is for %3.</translation>
    </message>
    <message>
        <source>GPU %1 has no TFLOPS figure for any precision; its speed is unknown.</source>
        <translation>GPU %1 has no TFLOPS figure for any precision; its speed is unknown.</translation>
    </message>
    <message>
        <source>Google Cloud</source>
        <translation>Google Cloud</translation>
    </message>
    <message>
        <source>Microsoft Azure</source>
        <translation>Microsoft Azure</translation>
    </message>
    <message>
        <source>your cloud account&apos;s price</source>
        <translation>your cloud account&apos;s price</translation>
    </message>
    <message>
        <source>No node count up to %1 fits.</source>
        <translation>No node count up to %1 fits.</translation>
    </message>
    <message>
        <source>No split of the GPUs allowed divides the global batch of %1 sequences evenly over its data-parallel replicas; a global batch that the replica count divides (a power of two, for example) would.</source>
        <translation>No split of the GPUs allowed divides the global batch of %1 sequences evenly over its data-parallel replicas; a global batch that the replica count divides (a power of two, for example) would.</translation>
    </message>
    <message>
        <source>The activations of one %1-token sequence need %2 per GPU even with full checkpointing; %3 usable. More nodes do not shrink them (no node count up to %4 fits): a shorter sequence, a larger GPU or splitting the sequence across GPUs would.</source>
        <translation>The activations of one %1-token sequence need %2 per GPU even with full checkpointing; %3 usable. More nodes do not shrink them (no node count up to %4 fits): a shorter sequence, a larger GPU or splitting the sequence across GPUs would.</translation>
    </message>
    <message>
        <source>MXFP4 (experts, as shipped)</source>
        <translation>MXFP4 (experts, as shipped)</translation>
    </message>
    <message>
        <source>FP8, 128x128 block scales</source>
        <translation>FP8, 128x128 block scales</translation>
    </message>
    <message>
        <source>max_num_seqs</source>
        <translation>max_num_seqs</translation>
    </message>
    <message>
        <source>The weights (%1), the activation peak (%2) and runtime memory leave no room for a KV cache in the engine&apos;s %3 per GPU.</source>
        <translation>The weights (%1), the activation peak (%2) and runtime memory leave no room for a KV cache in the engine&apos;s %3 per GPU.</translation>
    </message>
    <message>
        <source>The KV cache holds %1 tokens, less than one request of %2 tokens.</source>
        <translation>The KV cache holds %1 tokens, less than one request of %2 tokens.</translation>
    </message>
    <message>
        <source>Time to first token is at least %1 s at %2 prompt tokens, above the %3 s target even with one request in flight.</source>
        <translation>Time to first token is at least %1 s at %2 prompt tokens, above the %3 s target even with one request in flight.</translation>
    </message>
    <message>
        <source>Time per output token is at least %1 ms, above the %2 ms target even with one request in flight.</source>
        <translation>Time per output token is at least %1 ms, above the %2 ms target even with one request in flight.</translation>
    </message>
    <message>
        <source>The load needs more than the %1 instances the search may use.</source>
        <translation>The load needs more than the %1 instances the search may use.</translation>
    </message>
    <message>
        <source>No configuration meets the latency targets at this load.</source>
        <translation>No configuration meets the latency targets at this load.</translation>
    </message>
    <message>
        <source>Inference (one batch)</source>
        <translation>Inference (one batch)</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>Serving</translation>
    </message>
    <message>
        <source>time to first token</source>
        <translation>time to first token</translation>
    </message>
    <message>
        <source>time per output token</source>
        <translation>time per output token</translation>
    </message>
    <message>
        <source>max sequences</source>
        <translation>max sequences</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>compute</translation>
    </message>
    <message>
        <source>memory bandwidth</source>
        <translation>memory bandwidth</translation>
    </message>
    <message numerus="yes">
        <source>%n concurrent request(s)</source>
        <translation>
            <numerusform>%n concurrent request</numerusform>
            <numerusform>%n concurrent requests</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 requests/s</source>
        <translation>%1 requests/s</translation>
    </message>
    <message>
        <source>max throughput</source>
        <translation>max throughput</translation>
    </message>
    <message>
        <source>Estimated prices</source>
        <translation>Estimated prices</translation>
    </message>
    <message>
        <source>Compute efficiency</source>
        <translation>Compute efficiency</translation>
    </message>
    <message>
        <source>Bandwidth efficiency</source>
        <translation>Bandwidth efficiency</translation>
    </message>
    <message>
        <source>Spot interruptions</source>
        <translation>Spot interruptions</translation>
    </message>
    <message>
        <source>%1 stays the recommendation across every input&apos;s range.</source>
        <translation>%1 stays the recommendation across every input&apos;s range.</translation>
    </message>
    <message>
        <source>%1 stays the recommendation unless its price is more than %2% above the estimate (then %3 is cheaper).</source>
        <translation>%1 stays the recommendation unless its price is more than %2% above the estimate (then %3 is cheaper).</translation>
    </message>
    <message>
        <source>The recommendation can change: with %1 at the low end of their range, %2 is recommended instead of %3.</source>
        <translation>The recommendation can change: with %1 at the low end of their range, %2 is recommended instead of %3.</translation>
    </message>
    <message>
        <source>The recommendation can change: with %1 at the high end of their range, %2 is recommended instead of %3.</source>
        <translation>The recommendation can change: with %1 at the high end of their range, %2 is recommended instead of %3.</translation>
    </message>
    <message>
        <source>%1&apos;s price may rise %2% above the estimate before %3 is cheaper.</source>
        <translation>%1&apos;s price may rise %2% above the estimate before %3 is cheaper.</translation>
    </message>
    <message>
        <source>At one end of an input&apos;s range no candidate meets the objective.</source>
        <translation>At one end of an input&apos;s range no candidate meets the objective.</translation>
    </message>
    <message>
        <source>No candidate meets the objective, so there is no recommendation to vary.</source>
        <translation>No candidate meets the objective, so there is no recommendation to vary.</translation>
    </message>
    <message>
        <source>Split each sequence across %1 GPUs (context parallelism): fits with %2.</source>
        <translation>Split each sequence across %1 GPUs (context parallelism): fits with %2.</translation>
    </message>
    <message>
        <source>Data x tensor x pipeline x context = %1, but the candidate has %2 GPUs.</source>
        <translation>Data x tensor x pipeline x context = %1, but the candidate has %2 GPUs.</translation>
    </message>
    <message>
        <source>Per-op selective checkpointing (torchtitan)</source>
        <translation>Per-op selective checkpointing (torchtitan)</translation>
    </message>
    <message>
        <source> x CP %1</source>
        <translation> x CP %1</translation>
    </message>
    <message>
        <source> (interleaved, %1 chunks per stage)</source>
        <translation> (interleaved, %1 chunks per stage)</translation>
    </message>
    <message>
        <source> (zero-bubble schedule)</source>
        <translation> (zero-bubble schedule)</translation>
    </message>
    <message>
        <source>%1 stays the recommendation unless its price is more than %2% above the quoted price (then %3 is cheaper).</source>
        <translation>%1 stays the recommendation unless its price is more than %2% above the quoted price (then %3 is cheaper).</translation>
    </message>
    <message>
        <source>%1 stays the recommendation unless its price is more than %2% above its published price (then %3 is cheaper).</source>
        <translation>%1 stays the recommendation unless its price is more than %2% above its published price (then %3 is cheaper).</translation>
    </message>
    <message>
        <source>%1&apos;s price may rise %2% above the quoted price before %3 is cheaper.</source>
        <translation>%1&apos;s price may rise %2% above the quoted price before %3 is cheaper.</translation>
    </message>
    <message>
        <source>%1&apos;s price may rise %2% above its published price before %3 is cheaper.</source>
        <translation>%1&apos;s price may rise %2% above its published price before %3 is cheaper.</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B (virtual stages)</source>
        <translation>Interleaved 1F1B (virtual stages)</translation>
    </message>
    <message>
        <source>Zero bubble (ZB-H2)</source>
        <translation>Zero bubble (ZB-H2)</translation>
    </message>
    <message>
        <source>The reserved discount of %1 is quoted for a %2; the %3 keeps that discount.</source>
        <translation>The reserved discount of %1 is quoted for a %2; the %3 keeps that discount.</translation>
    </message>
    <message>
        <source>%1-year term</source>
        <translation>%1-year term</translation>
    </message>
    <message>
        <source>%1-month term</source>
        <translation>%1-month term</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>billing mode, reservation term</comment>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>The %1 FP8 recipe needs Blackwell tensor cores; %2 is estimated with %3 scaling.</source>
        <translation>The %1 FP8 recipe needs Blackwell tensor cores; %2 is estimated with %3 scaling.</translation>
    </message>
    <message>
        <source>Tensorwise (one scale per tensor)</source>
        <translation>Tensorwise (one scale per tensor)</translation>
    </message>
    <message>
        <source>Rowwise (one scale per row)</source>
        <translation>Rowwise (one scale per row)</translation>
    </message>
    <message>
        <source>Blockwise (1x128 / 128x128 blocks)</source>
        <translation>Blockwise (1x128 / 128x128 blocks)</translation>
    </message>
    <message>
        <source>MXFP8 (32-element blocks, Blackwell)</source>
        <translation>MXFP8 (32-element blocks, Blackwell)</translation>
    </message>
    <message>
        <source>%1 and %2 cost the same; any price rise on %1 makes %2 cheaper.</source>
        <translation>%1 and %2 cost the same; any price rise on %1 makes %2 cheaper.</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA context</translation>
    </message>
    <message>
        <source>Allocator fragmentation</source>
        <translation>Allocator fragmentation</translation>
    </message>
    <message>
        <source>NCCL communicators</source>
        <translation>NCCL communicators</translation>
    </message>
    <message>
        <source>No measured speed of the %1 attention kernel on %2; its attention is estimated at %3&apos;s.</source>
        <translation>No measured speed of the %1 attention kernel on %2; its attention is estimated at %3&apos;s.</translation>
    </message>
    <message>
        <source>FlashAttention-2 (PyTorch SDPA)</source>
        <translation>FlashAttention-2 (PyTorch SDPA)</translation>
    </message>
    <message>
        <source>cuDNN fused attention (Transformer Engine)</source>
        <translation>cuDNN fused attention (Transformer Engine)</translation>
    </message>
    <message>
        <source>FlashAttention-3 (Hopper)</source>
        <translation>FlashAttention-3 (Hopper)</translation>
    </message>
    <message>
        <source>FP8 all-gather needs FP8 training; %1 trains this plan in %2, so the weights are gathered in it.</source>
        <translation>FP8 all-gather needs FP8 training; %1 trains this plan in %2, so the weights are gathered in it.</translation>
    </message>
    <message>
        <source>FP8 all-gather changes nothing here: this layout gathers no weights (it needs ZeRO-3/FSDP, or Megatron&apos;s distributed optimizer, over more than one GPU).</source>
        <translation>FP8 all-gather changes nothing here: this layout gathers no weights (it needs ZeRO-3/FSDP, or Megatron&apos;s distributed optimizer, over more than one GPU).</translation>
    </message>
    <message>
        <source>NVFP4 MLPs, FP8 attention (Blackwell)</source>
        <translation>NVFP4 MLPs, FP8 attention (Blackwell)</translation>
    </message>
    <message>
        <source>The NVFP4 recipe needs a data-center Blackwell GPU with FP4 tensor cores; %1 is estimated with %2 scaling.</source>
        <translation>The NVFP4 recipe needs a data-center Blackwell GPU with FP4 tensor cores; %1 is estimated with %2 scaling.</translation>
    </message>
    <message>
        <source>FP8 all-gather casts the weights to FP8, but the NVFP4 recipe&apos;s MLP layers take NVFP4 weights; on %1 the weights are gathered in 16-bit.</source>
        <translation>FP8 all-gather casts the weights to FP8, but the NVFP4 recipe&apos;s MLP layers take NVFP4 weights; on %1 the weights are gathered in 16-bit.</translation>
    </message>
    <message>
        <source>Use ZeRO-1 to shard the optimizer states: fits with %1.</source>
        <translation>Use ZeRO-1 to shard the optimizer states: fits with %1.</translation>
    </message>
    <message>
        <source>%1 has no price of its own in %2; the provider&apos;s reference price is used.</source>
        <translation>%1 has no price of its own in %2; the provider&apos;s reference price is used.</translation>
    </message>
    <message>
        <source>%1: %2 run hours fall past the budget&apos;s horizon and are not budgeted.</source>
        <translation>%1: %2 run hours fall past the budget&apos;s horizon and are not budgeted.</translation>
    </message>
    <message>
        <source>Raise the cap to %1.</source>
        <translation>Raise the cap to %1.</translation>
    </message>
    <message>
        <source>Or move %1 out of month %2 (saves %3).</source>
        <translation>Or move %1 out of month %2 (saves %3).</translation>
    </message>
    <message>
        <source>Or drop %1 (saves %2).</source>
        <translation>Or drop %1 (saves %2).</translation>
    </message>
    <message>
        <source>%1 has no kernels for %2 weights: they need FP8 tensor cores, or bf16 ones for weight-only kernels.</source>
        <translation>%1 has no kernels for %2 weights: they need FP8 tensor cores, or bf16 ones for weight-only kernels.</translation>
    </message>
    <message>
        <source>FP8 casts take %1 ms per step on %2, more than the %3 ms its GEMMs save over BF16: this layout trains faster in BF16.</source>
        <translation>FP8 casts take %1 ms per step on %2, more than the %3 ms its GEMMs save over BF16: this layout trains faster in BF16.</translation>
    </message>
    <message>
        <source>Costs %1x the recommendation (%2 limits its RL step).</source>
        <translation>Costs %1x the recommendation (%2 limits its RL step).</translation>
    </message>
    <message>
        <source>Takes %1x as long as the recommendation (%2 limits its RL step).</source>
        <translation>Takes %1x as long as the recommendation (%2 limits its RL step).</translation>
    </message>
    <message>
        <source>No placement holds the %1.</source>
        <translation>No placement holds the %1.</translation>
    </message>
    <message>
        <source>No price is known: ranked after the priced candidates (%1 GPU-hours).</source>
        <translation>No price is known: ranked after the priced candidates (%1 GPU-hours).</translation>
    </message>
    <message>
        <source>Misses the plan&apos;s limit (%1 hours).</source>
        <translation>Misses the plan&apos;s limit (%1 hours).</translation>
    </message>
    <message>
        <source>The %1 needs %2 per GPU; %3 usable.</source>
        <translation>The %1 needs %2 per GPU; %3 usable.</translation>
    </message>
    <message>
        <source>The rollout engine (tensor %1) has no room for the KV cache of one longest response.</source>
        <translation>The rollout engine (tensor %1) has no room for the KV cache of one longest response.</translation>
    </message>
    <message>
        <source>A rollout pool of %1 GPUs leaves none of the %2 for training.</source>
        <translation>A rollout pool of %1 GPUs leaves none of the %2 for training.</translation>
    </message>
    <message>
        <source>The RL step cannot finish on this candidate.</source>
        <translation>The RL step cannot finish on this candidate.</translation>
    </message>
    <message>
        <source>RL post-training</source>
        <translation>RL post-training</translation>
    </message>
    <message>
        <source>%1, %2 of the step</source>
        <translation>%1, %2 of the step</translation>
    </message>
    <message>
        <source>GPU %1 has the unknown class &quot;%2&quot;; the known ones are datacenter-hbm, datacenter-gddr and consumer.</source>
        <translation>GPU %1 has the unknown class &quot;%2&quot;; the known ones are datacenter-hbm, datacenter-gddr and consumer.</translation>
    </message>
    <message>
        <source>GPU %1: the architecture &quot;%2&quot; has no efficiency figures in the catalog, so it takes the default peak efficiency.</source>
        <translation>GPU %1: the architecture &quot;%2&quot; has no efficiency figures in the catalog, so it takes the default peak efficiency.</translation>
    </message>
    <message>
        <source>GPU %1 lists the tensor format %2 but has no rate for it.</source>
        <translation>GPU %1 lists the tensor format %2 but has no rate for it.</translation>
    </message>
    <message>
        <source>%5: each replica is asked to hold %1 requests, but its %2 holds only %3 requests of %4 tokens each: the batch is cut to %3 requests.</source>
        <translation>%5: each replica is asked to hold %1 requests, but its %2 holds only %3 requests of %4 tokens each: the batch is cut to %3 requests.</translation>
    </message>
    <message>
        <source>%1 nodes need a network bandwidth between them, and this candidate has none: its memory was not evaluated. Give its network (Gb/s per node) to plan it over several nodes.</source>
        <translation>%1 nodes need a network bandwidth between them, and this candidate has none: its memory was not evaluated. Give its network (Gb/s per node) to plan it over several nodes.</translation>
    </message>
    <message>
        <source>no public price: enter your quote (Edit Price)</source>
        <translation>no public price: enter your quote (Edit Price)</translation>
    </message>
    <message>
        <source>%1 on %2 GPUs costs %3x the aggregated replicas on %4 GPUs: each decode replica holds %5 requests within the TPOT target, %6x the aggregated replica&apos;s %7, once no prefill chunk shares its steps; the KV transfer of %8 MB per request over %9 Gbps %10 adds %11 s to TTFT.</source>
        <translation>%1 on %2 GPUs costs %3x the aggregated replicas on %4 GPUs: each decode replica holds %5 requests within the TPOT target, %6x the aggregated replica&apos;s %7, once no prefill chunk shares its steps; the KV transfer of %8 MB per request over %9 Gbps %10 adds %11 s to TTFT.</translation>
    </message>
    <message>
        <source>%1 on %2 GPUs meets the SLO where no aggregated replica does: each decode replica decodes %3 requests at %4 ms per token with no prefill chunk in its steps; the KV transfer of %5 MB per request over %6 Gbps %7 adds %8 s to TTFT.</source>
        <translation>%1 on %2 GPUs meets the SLO where no aggregated replica does: each decode replica decodes %3 requests at %4 ms per token with no prefill chunk in its steps; the KV transfer of %5 MB per request over %6 Gbps %7 adds %8 s to TTFT.</translation>
    </message>
    <message>
        <source>Aggregated replicas on %1 GPUs cost less than the best prefill/decode split, %2 on %3 GPUs at %4x the cost; its KV transfer of %5 MB per request over %6 Gbps %7 adds %8 s to TTFT.</source>
        <translation>Aggregated replicas on %1 GPUs cost less than the best prefill/decode split, %2 on %3 GPUs at %4x the cost; its KV transfer of %5 MB per request over %6 Gbps %7 adds %8 s to TTFT.</translation>
    </message>
    <message>
        <source>Prefill and decode apart miss the %1 s TTFT target: the KV transfer of %2 MB per request over %3 Gbps %4 adds %5 s to TTFT, more than the target leaves the prefill pool.</source>
        <translation>Prefill and decode apart miss the %1 s TTFT target: the KV transfer of %2 MB per request over %3 Gbps %4 adds %5 s to TTFT, more than the target leaves the prefill pool.</translation>
    </message>
    <message>
        <source>No split into prefill and decode pools meets the latency targets at this load (the closest is limited by %1).</source>
        <translation>No split into prefill and decode pools meets the latency targets at this load (the closest is limited by %1).</translation>
    </message>
    <message>
        <source>Prefill and decode pools are sized for a rate of requests (requests per second); under this load the replicas stay aggregated.</source>
        <translation>Prefill and decode pools are sized for a rate of requests (requests per second); under this load the replicas stay aggregated.</translation>
    </message>
    <message>
        <source>KV transfer</source>
        <translation>KV transfer</translation>
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
        <translation>A replica per MIG slice %1 (%2), priced at %3 of the GPU: the Tencent Cloud guides advise MIG on GNV7 (A100) to split one GPU into isolated units for small models.</translation>
    </message>
    <message>
        <source>actor</source>
        <translation>actor</translation>
    </message>
    <message>
        <source>critic</source>
        <translation>critic</translation>
    </message>
    <message>
        <source>rollout engine</source>
        <translation>rollout engine</translation>
    </message>
    <message>
        <source>GRPO (group-relative, no critic)</source>
        <translation>GRPO (group-relative, no critic)</translation>
    </message>
    <message>
        <source>DAPO (GRPO without the KL term)</source>
        <translation>DAPO (GRPO without the KL term)</translation>
    </message>
    <message>
        <source>PPO (with a critic)</source>
        <translation>PPO (with a critic)</translation>
    </message>
    <message>
        <source>Searched (colocated or separate)</source>
        <translation>Searched (colocated or separate)</translation>
    </message>
    <message>
        <source>Colocated (rollout and training take turns)</source>
        <translation>Colocated (rollout and training take turns)</translation>
    </message>
    <message>
        <source>Separate rollout and training pools</source>
        <translation>Separate rollout and training pools</translation>
    </message>
    <message>
        <source>Rule or verifier (CPU)</source>
        <translation>Rule or verifier (CPU)</translation>
    </message>
    <message>
        <source>Reward model (GPU)</source>
        <translation>Reward model (GPU)</translation>
    </message>
    <message>
        <source>Rollout</source>
        <translation>Rollout</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>Reward</translation>
    </message>
    <message>
        <source>Old log-probs</source>
        <translation>Old log-probs</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Reference</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Values</translation>
    </message>
    <message>
        <source>Critic training</source>
        <translation>Critic training</translation>
    </message>
    <message>
        <source>Actor training</source>
        <translation>Actor training</translation>
    </message>
    <message>
        <source>Weight sync</source>
        <translation>Weight sync</translation>
    </message>
    <message>
        <source>All GPUs</source>
        <translation>All GPUs</translation>
    </message>
    <message>
        <source>Rollout pool</source>
        <translation>Rollout pool</translation>
    </message>
    <message>
        <source>Training pool</source>
        <translation>Training pool</translation>
    </message>
    <message>
        <source>%1: the stored weights hold %2 parameters but config.json gives %3, %4% apart: the index and the config may be of different models, or total_size is wrong.</source>
        <translation>%1: the stored weights hold %2 parameters but config.json gives %3, %4% apart: the index and the config may be of different models, or total_size is wrong.</translation>
    </message>
    <message>
        <source>Speculative decoding (%1, %2 draft tokens) makes each output token %3x slower at %4 requests in flight: the steps are compute-bound and the rejected drafts cost more than they save. It pays up to %5 requests per replica.</source>
        <translation>Speculative decoding (%1, %2 draft tokens) makes each output token %3x slower at %4 requests in flight: the steps are compute-bound and the rejected drafts cost more than they save. It pays up to %5 requests per replica.</translation>
    </message>
    <message>
        <source>The model does not fit the MIG slice %1 (%2): the weights take %3 of the engine&apos;s %4. Choose a larger profile or whole GPUs (the candidate&apos;s MIG profile).</source>
        <translation>The model does not fit the MIG slice %1 (%2): the weights take %3 of the engine&apos;s %4. Choose a larger profile or whole GPUs (the candidate&apos;s MIG profile).</translation>
    </message>
    <message>
        <source>TCP</source>
        <translation>TCP</translation>
    </message>
    <message>
        <source>Host CPUs</source>
        <translation>Host CPUs</translation>
    </message>
    <message>
        <source>LoRA slots</source>
        <translation>LoRA slots</translation>
    </message>
    <message>
        <source>Q8_0 (llama.cpp)</source>
        <translation>Q8_0 (llama.cpp)</translation>
    </message>
    <message>
        <source>Q4_0 (llama.cpp)</source>
        <translation>Q4_0 (llama.cpp)</translation>
    </message>
    <message>
        <source>llama.cpp allocates its cache for %1 tokens (%2) at start: with the weights (%3) it needs %4, more than the GPU&apos;s %5. Lower the context (max_model_len, --ctx-size) or use a q8_0 or q4_0 cache.</source>
        <translation>llama.cpp allocates its cache for %1 tokens (%2) at start: with the weights (%3) it needs %4, more than the GPU&apos;s %5. Lower the context (max_model_len, --ctx-size) or use a q8_0 or q4_0 cache.</translation>
    </message>
    <message>
        <source>Prefill on %1 (%2), decode on %3 (%4): %5x the cost of the best split on %1 alone, %6 on %7 GPUs.</source>
        <translation>Prefill on %1 (%2), decode on %3 (%4): %5x the cost of the best split on %1 alone, %6 on %7 GPUs.</translation>
    </message>
    <message>
        <source>Prefill on %1 (%2), decode on %3 (%4): no split on %1 alone meets the SLO.</source>
        <translation>Prefill on %1 (%2), decode on %3 (%4): no split on %1 alone meets the SLO.</translation>
    </message>
    <message>
        <source>The catalog lists no local NVMe for %1: the prefix cache&apos;s disk tier is taken as %2 GiB on one drive read at %3 GB/s.</source>
        <translation>The catalog lists no local NVMe for %1: the prefix cache&apos;s disk tier is taken as %2 GiB on one drive read at %3 GB/s.</translation>
    </message>
</context>
<context>
    <name>FieldText</name>
    <message>
        <source>default</source>
        <translation>default</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Mode</translation>
    </message>
    <message>
        <source>Training objective</source>
        <translation>Training objective</translation>
    </message>
    <message>
        <source>Language modeling (next-token loss over the vocabulary) or classification (a small head over the classes)</source>
        <translation>Language modeling (next-token loss over the vocabulary) or classification (a small head over the classes)</translation>
    </message>
    <message>
        <source>Technique</source>
        <translation>Technique</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Precision</translation>
    </message>
    <message>
        <source>Weight format</source>
        <translation>Weight format</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimizer</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>Activation checkpointing</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash attention</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>Attention kernel</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequence length</translation>
    </message>
    <message>
        <source>Micro-batch size</source>
        <translation>Micro-batch size</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>Gradient accumulation</translation>
    </message>
    <message>
        <source>Global batch size</source>
        <translation>Global batch size</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>Training tokens</translation>
    </message>
    <message>
        <source>Layers trained (freeze)</source>
        <translation>Layers trained (freeze)</translation>
    </message>
    <message>
        <source>With the freeze technique: the top layers trained, the others frozen</source>
        <translation>With the freeze technique: the top layers trained, the others frozen</translation>
    </message>
    <message>
        <source>FP32 master weights</source>
        <translation>FP32 master weights</translation>
    </message>
    <message>
        <source>Keep an fp32 copy of the weights in mixed precision (off: pure bf16/fp16 training)</source>
        <translation>Keep an fp32 copy of the weights in mixed precision (off: pure bf16/fp16 training)</translation>
    </message>
    <message>
        <source>Paged optimizer</source>
        <translation>Paged optimizer</translation>
    </message>
    <message>
        <source>bitsandbytes paged optimizer states (unified memory that spills to the host)</source>
        <translation>bitsandbytes paged optimizer states (unified memory that spills to the host)</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
    <message>
        <source>torch.compile recomputes pointwise operations instead of saving them</source>
        <translation>torch.compile recomputes pointwise operations instead of saving them</translation>
    </message>
    <message>
        <source>Optimizer in backward</source>
        <translation>Optimizer in backward</translation>
    </message>
    <message>
        <source>The optimizer step fused into the backward pass: each gradient is freed once applied</source>
        <translation>The optimizer step fused into the backward pass: each gradient is freed once applied</translation>
    </message>
    <message>
        <source>bf16 optimizer states</source>
        <translation>bf16 optimizer states</translation>
    </message>
    <message>
        <source>FP8 scaling</source>
        <translation>FP8 scaling</translation>
    </message>
    <message>
        <source>FP8 all-gather (FSDP)</source>
        <translation>FP8 all-gather (FSDP)</translation>
    </message>
    <message>
        <source>Partial recompute layers</source>
        <translation>Partial recompute layers</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA rank</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>Data parallel</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>Tensor parallel</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>Pipeline parallel</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO stage</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>Offload</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>Sequence parallel</translation>
    </message>
    <message>
        <source>Megatron sequence parallelism: norms and dropout split across the tensor-parallel ranks</source>
        <translation>Megatron sequence parallelism: norms and dropout split across the tensor-parallel ranks</translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation>Expert parallel</translation>
    </message>
    <message>
        <source>GPUs the experts of a mixture-of-experts model are spread over</source>
        <translation>GPUs the experts of a mixture-of-experts model are spread over</translation>
    </message>
    <message>
        <source>Context parallel</source>
        <translation>Context parallel</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>Pipeline schedule</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>Virtual stages</translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation>Concurrent requests</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>Prompt tokens</translation>
    </message>
    <message>
        <source>Output tokens</source>
        <translation>Output tokens</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV cache</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Time to first token</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>Time per output token</translation>
    </message>
    <message>
        <source>GPU memory utilization</source>
        <translation>GPU memory utilization</translation>
    </message>
    <message>
        <source>Max sequences</source>
        <translation>Max sequences</translation>
    </message>
    <message>
        <source>Max batched tokens</source>
        <translation>Max batched tokens</translation>
    </message>
    <message>
        <source>KV block size</source>
        <translation>KV block size</translation>
    </message>
    <message>
        <source>Tokens per KV-cache page (vLLM&apos;s block_size); empty = the engine&apos;s</source>
        <translation>Tokens per KV-cache page (vLLM&apos;s block_size); empty = the engine&apos;s</translation>
    </message>
    <message>
        <source>Prefix cache hit rate</source>
        <translation>Prefix cache hit rate</translation>
    </message>
    <message>
        <source>Max model length</source>
        <translation>Max model length</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>Replicas</translation>
    </message>
    <message>
        <source>Requests per month</source>
        <translation>Requests per month</translation>
    </message>
    <message>
        <source>Compute efficiency</source>
        <translation>Compute efficiency</translation>
    </message>
    <message>
        <source>Share of the GPU&apos;s dense peak the matrix multiplications reach; empty = the catalog&apos;s</source>
        <translation>Share of the GPU&apos;s dense peak the matrix multiplications reach; empty = the catalog&apos;s</translation>
    </message>
    <message>
        <source>CUDA context per GPU</source>
        <translation>CUDA context per GPU</translation>
    </message>
    <message>
        <source>Memory the CUDA runtime takes per GPU outside the allocator</source>
        <translation>Memory the CUDA runtime takes per GPU outside the allocator</translation>
    </message>
    <message>
        <source>NCCL buffers per GPU</source>
        <translation>NCCL buffers per GPU</translation>
    </message>
    <message>
        <source>Communication buffers per GPU when the run is distributed</source>
        <translation>Communication buffers per GPU when the run is distributed</translation>
    </message>
    <message>
        <source>Allocator fragmentation</source>
        <translation>Allocator fragmentation</translation>
    </message>
    <message>
        <source>Share of memory lost to the caching allocator&apos;s fragmentation</source>
        <translation>Share of memory lost to the caching allocator&apos;s fragmentation</translation>
    </message>
    <message>
        <source>Memory headroom</source>
        <translation>Memory headroom</translation>
    </message>
    <message>
        <source>Share of memory kept free for a plan to count as fitting</source>
        <translation>Share of memory kept free for a plan to count as fitting</translation>
    </message>
    <message>
        <source>Memory bandwidth efficiency</source>
        <translation>Memory bandwidth efficiency</translation>
    </message>
    <message>
        <source>Achieved over datasheet memory bandwidth (decoding)</source>
        <translation>Achieved over datasheet memory bandwidth (decoding)</translation>
    </message>
    <message>
        <source>Link efficiency</source>
        <translation>Link efficiency</translation>
    </message>
    <message>
        <source>Achieved over specified bandwidth of NVLink, PCIe and the network</source>
        <translation>Achieved over specified bandwidth of NVLink, PCIe and the network</translation>
    </message>
    <message>
        <source>Communication overlap</source>
        <translation>Communication overlap</translation>
    </message>
    <message>
        <source>Share of the overlappable communication hidden behind compute</source>
        <translation>Share of the overlappable communication hidden behind compute</translation>
    </message>
    <message>
        <source>Disk throughput</source>
        <translation>Disk throughput</translation>
    </message>
    <message>
        <source>Read throughput of the dataset&apos;s disk, MB/s</source>
        <translation>Read throughput of the dataset&apos;s disk, MB/s</translation>
    </message>
    <message>
        <source>Expert load imbalance (busiest rank / mean)</source>
        <translation>Expert load imbalance (busiest rank / mean)</translation>
    </message>
    <message>
        <source>Tokens routed to the busiest expert-parallel rank over the mean (1 = balanced)</source>
        <translation>Tokens routed to the busiest expert-parallel rank over the mean (1 = balanced)</translation>
    </message>
    <message>
        <source>Serving decode bandwidth efficiency</source>
        <translation>Serving decode bandwidth efficiency</translation>
    </message>
    <message>
        <source>Weights and KV cache read per decode step over the memory bandwidth</source>
        <translation>Weights and KV cache read per decode step over the memory bandwidth</translation>
    </message>
    <message>
        <source>Serving prefill compute efficiency</source>
        <translation>Serving prefill compute efficiency</translation>
    </message>
    <message>
        <source>Prefill FLOPs over the dense peak</source>
        <translation>Prefill FLOPs over the dense peak</translation>
    </message>
    <message>
        <source>Serving step overhead</source>
        <translation>Serving step overhead</translation>
    </message>
    <message>
        <source>Scheduler, sampler and kernel launch time per engine step</source>
        <translation>Scheduler, sampler and kernel launch time per engine step</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Currency</translation>
    </message>
    <message>
        <source>Exchange rate</source>
        <translation>Exchange rate</translation>
    </message>
    <message>
        <source>Spot interruptions</source>
        <translation>Spot interruptions</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>Checkpoint interval</translation>
    </message>
    <message>
        <source>Restart time</source>
        <translation>Restart time</translation>
    </message>
    <message>
        <source>Time to restart a run from its last checkpoint after a spot interruption</source>
        <translation>Time to restart a run from its last checkpoint after a spot interruption</translation>
    </message>
    <message>
        <source>Cloud storage</source>
        <translation>Cloud storage</translation>
    </message>
    <message>
        <source>Storage per month</source>
        <translation>Storage per month</translation>
    </message>
    <message>
        <source>A monthly storage bill in the plan&apos;s currency (a file system, an object store), added to the run&apos;s storage cost for its length</source>
        <translation>A monthly storage bill in the plan&apos;s currency (a file system, an object store), added to the run&apos;s storage cost for its length</translation>
    </message>
    <message>
        <source>Price discount</source>
        <translation>Price discount</translation>
    </message>
    <message>
        <source>Reservation term</source>
        <translation>Reservation term</translation>
    </message>
    <message>
        <source>Let the planner choose</source>
        <translation>Let the planner choose</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>Objective</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>Deadline</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>Max nodes</source>
        <translation>Max nodes</translation>
    </message>
    <message>
        <source>Language modeling</source>
        <translation>Language modeling</translation>
    </message>
    <message>
        <source>Classification</source>
        <translation>Classification</translation>
    </message>
    <message>
        <source>CNY (¥)</source>
        <translation>CNY (¥)</translation>
    </message>
    <message>
        <source>USD ($)</source>
        <translation>USD ($)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source> h</source>
        <translation> h</translation>
    </message>
    <message>
        <source> months</source>
        <translation> months</translation>
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
        <translation>x</translation>
    </message>
    <message>
        <source> per day</source>
        <translation> per day</translation>
    </message>
    <message>
        <source> CNY per USD</source>
        <translation> CNY per USD</translation>
    </message>
    <message>
        <source> per month</source>
        <translation> per month</translation>
    </message>
    <message>
        <source> layers</source>
        <translation> layers</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Yes</translation>
    </message>
    <message>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a time; write e.g. 500 ms or 0.5 s</source>
        <translation>%1: &quot;%2&quot; is not a time; write e.g. 500 ms or 0.5 s</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number</source>
        <translation>%1: &quot;%2&quot; is not a number</translation>
    </message>
    <message>
        <source>%1: must be more than %2 and at most %3, got %4</source>
        <translation>%1: must be more than %2 and at most %3, got %4</translation>
    </message>
    <message>
        <source>%1: must be from %2 to %3, got %4</source>
        <translation>%1: must be from %2 to %3, got %4</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>Serving engine</translation>
    </message>
    <message>
        <source>The engine each replica runs: its KV-cache budget rule and default batch and token limits are the catalog&apos;s for that engine</source>
        <translation>The engine each replica runs: its KV-cache budget rule and default batch and token limits are the catalog&apos;s for that engine</translation>
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
        <translation>Speculative decoding</translation>
    </message>
    <message>
        <source>A draft proposes tokens that the model verifies in one step: an EAGLE or EAGLE-3 head, or the model&apos;s own MTP module; it pays at small batches and costs at large ones</source>
        <translation>A draft proposes tokens that the model verifies in one step: an EAGLE or EAGLE-3 head, or the model&apos;s own MTP module; it pays at small batches and costs at large ones</translation>
    </message>
    <message>
        <source>Draft tokens</source>
        <translation>Draft tokens</translation>
    </message>
    <message>
        <source>Tokens drafted per request and step (vLLM&apos;s num_speculative_tokens); empty = the method&apos;s default</source>
        <translation>Tokens drafted per request and step (vLLM&apos;s num_speculative_tokens); empty = the method&apos;s default</translation>
    </message>
    <message>
        <source>Draft acceptance</source>
        <translation>Draft acceptance</translation>
    </message>
    <message>
        <source>The chance each drafted token is accepted when the one before was; empty = the method&apos;s measured default</source>
        <translation>The chance each drafted token is accepted when the one before was; empty = the method&apos;s measured default</translation>
    </message>
    <message>
        <source>Prefix sharing</source>
        <translation>Prefix sharing</translation>
    </message>
    <message>
        <source>How prompts share prefixes; the prefix-cache hit rate follows from it (none = the hit rate as typed)</source>
        <translation>How prompts share prefixes; the prefix-cache hit rate follows from it (none = the hit rate as typed)</translation>
    </message>
    <message>
        <source>Shared prefix tokens</source>
        <translation>Shared prefix tokens</translation>
    </message>
    <message>
        <source>The system prompt every request starts with, or one RAG document&apos;s tokens</source>
        <translation>The system prompt every request starts with, or one RAG document&apos;s tokens</translation>
    </message>
    <message>
        <source>Turns per conversation</source>
        <translation>Turns per conversation</translation>
    </message>
    <message>
        <source>Time between turns</source>
        <translation>Time between turns</translation>
    </message>
    <message>
        <source>How long a conversation&apos;s history waits in the cache for its next turn</source>
        <translation>How long a conversation&apos;s history waits in the cache for its next turn</translation>
    </message>
    <message>
        <source>RAG documents</source>
        <translation>RAG documents</translation>
    </message>
    <message>
        <source>Distinct documents prompts draw their leading document from</source>
        <translation>Distinct documents prompts draw their leading document from</translation>
    </message>
    <message>
        <source>KV offload to host memory</source>
        <translation>KV offload to host memory</translation>
    </message>
    <message>
        <source>Host memory per replica that keeps KV evicted from the GPUs (LMCache&apos;s CPU backend); loaded back over PCIe</source>
        <translation>Host memory per replica that keeps KV evicted from the GPUs (LMCache&apos;s CPU backend); loaded back over PCIe</translation>
    </message>
    <message>
        <source>None</source>
        <translation>None</translation>
    </message>
    <message>
        <source>EAGLE head</source>
        <translation>EAGLE head</translation>
    </message>
    <message>
        <source>EAGLE-3 head</source>
        <translation>EAGLE-3 head</translation>
    </message>
    <message>
        <source>MTP module</source>
        <translation>MTP module</translation>
    </message>
    <message>
        <source>None (typed hit rate)</source>
        <translation>None (typed hit rate)</translation>
    </message>
    <message>
        <source>Shared system prompt</source>
        <translation>Shared system prompt</translation>
    </message>
    <message>
        <source>Prefill and decode</source>
        <translation>Prefill and decode</translation>
    </message>
    <message>
        <source>Aggregated: each replica prefills and decodes. Disaggregated: prefill and decode pools apart, the KV cache moved between them. Auto: the planner tries both under a rate load and says why one wins</source>
        <translation>Aggregated: each replica prefills and decodes. Disaggregated: prefill and decode pools apart, the KV cache moved between them. Auto: the planner tries both under a rate load and says why one wins</translation>
    </message>
    <message>
        <source>Prefill replicas</source>
        <translation>Prefill replicas</translation>
    </message>
    <message>
        <source>Replicas of the prefill pool; empty = the fewest meeting the TTFT target</source>
        <translation>Replicas of the prefill pool; empty = the fewest meeting the TTFT target</translation>
    </message>
    <message>
        <source>Decode replicas</source>
        <translation>Decode replicas</translation>
    </message>
    <message>
        <source>Replicas of the decode pool; empty = the fewest meeting the TPOT target</source>
        <translation>Replicas of the decode pool; empty = the fewest meeting the TPOT target</translation>
    </message>
    <message>
        <source>Prefill tensor parallel</source>
        <translation>Prefill tensor parallel</translation>
    </message>
    <message>
        <source>GPUs per prefill replica (tensor parallel); empty = searched</source>
        <translation>GPUs per prefill replica (tensor parallel); empty = searched</translation>
    </message>
    <message>
        <source>Decode tensor parallel</source>
        <translation>Decode tensor parallel</translation>
    </message>
    <message>
        <source>GPUs per decode replica (tensor parallel); empty = searched</source>
        <translation>GPUs per decode replica (tensor parallel); empty = searched</translation>
    </message>
    <message>
        <source>Aggregated</source>
        <translation>Aggregated</translation>
    </message>
    <message>
        <source>Disaggregated (prefill and decode pools)</source>
        <translation>Disaggregated (prefill and decode pools)</translation>
    </message>
    <message>
        <source>Training stack</source>
        <translation>Training stack</translation>
    </message>
    <message>
        <source>The framework the team trains with: where it keeps the weights, gradients and optimizer states, how its loss holds the logits, and its evaluation</source>
        <translation>The framework the team trains with: where it keeps the weights, gradients and optimizer states, how its loss holds the logits, and its evaluation</translation>
    </message>
    <message>
        <source>Between checkpoint saves; empty = the best interval for the failure rate</source>
        <translation>Between checkpoint saves; empty = the best interval for the failure rate</translation>
    </message>
    <message>
        <source>Asynchronous checkpoints</source>
        <translation>Asynchronous checkpoints</translation>
    </message>
    <message>
        <source>Evaluation every (steps)</source>
        <translation>Evaluation every (steps)</translation>
    </message>
    <message>
        <source>Training steps between evaluations; empty = the stack&apos;s default, 0 = none</source>
        <translation>Training steps between evaluations; empty = the stack&apos;s default, 0 = none</translation>
    </message>
    <message>
        <source>Evaluation steps</source>
        <translation>Evaluation steps</translation>
    </message>
    <message>
        <source>Forward-only steps per evaluation; empty = the stack&apos;s default</source>
        <translation>Forward-only steps per evaluation; empty = the stack&apos;s default</translation>
    </message>
    <message>
        <source>Failures per GPU-day</source>
        <translation>Failures per GPU-day</translation>
    </message>
    <message>
        <source>Job interruptions per GPU per day; empty = the Llama 3 paper&apos;s 419 in 54 days on 16,384 GPUs</source>
        <translation>Job interruptions per GPU per day; empty = the Llama 3 paper&apos;s 419 in 54 days on 16,384 GPUs</translation>
    </message>
    <message>
        <source>Generic (ZeRO layout)</source>
        <translation>Generic (ZeRO layout)</translation>
    </message>
    <message>
        <source>Megatron-Core / NeMo</source>
        <translation>Megatron-Core / NeMo</translation>
    </message>
    <message>
        <source>torchtitan (FSDP2)</source>
        <translation>torchtitan (FSDP2)</translation>
    </message>
    <message>
        <source>DeepSpeed</source>
        <translation>DeepSpeed</translation>
    </message>
    <message>
        <source>RL algorithm</source>
        <translation>RL algorithm</translation>
    </message>
    <message>
        <source>Prompts per step</source>
        <translation>Prompts per step</translation>
    </message>
    <message>
        <source>Responses per prompt</source>
        <translation>Responses per prompt</translation>
    </message>
    <message>
        <source>Responses generated for each prompt (GRPO&apos;s group size)</source>
        <translation>Responses generated for each prompt (GRPO&apos;s group size)</translation>
    </message>
    <message>
        <source>Oversampling</source>
        <translation>Oversampling</translation>
    </message>
    <message>
        <source>Responses generated per response kept (DAPO&apos;s dynamic sampling refills the groups it drops)</source>
        <translation>Responses generated per response kept (DAPO&apos;s dynamic sampling refills the groups it drops)</translation>
    </message>
    <message>
        <source>RL prompt tokens</source>
        <translation>RL prompt tokens</translation>
    </message>
    <message>
        <source>Mean response tokens</source>
        <translation>Mean response tokens</translation>
    </message>
    <message>
        <source>Longest response tokens</source>
        <translation>Longest response tokens</translation>
    </message>
    <message>
        <source>The longest response the engine allows: its tail ends the rollout</source>
        <translation>The longest response the engine allows: its tail ends the rollout</translation>
    </message>
    <message>
        <source>Passes per step</source>
        <translation>Passes per step</translation>
    </message>
    <message>
        <source>Optimizer steps per pass</source>
        <translation>Optimizer steps per pass</translation>
    </message>
    <message>
        <source>RL steps</source>
        <translation>RL steps</translation>
    </message>
    <message>
        <source>Reference model</source>
        <translation>Reference model</translation>
    </message>
    <message>
        <source>A frozen copy of the actor scores the KL term; default: yes, but not for DAPO</source>
        <translation>A frozen copy of the actor scores the KL term; default: yes, but not for DAPO</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>Reward</translation>
    </message>
    <message>
        <source>Verifier CPU time per response</source>
        <translation>Verifier CPU time per response</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>Rollout GPUs</source>
        <translation>Rollout GPUs</translation>
    </message>
    <message>
        <source>Separate pools: GPUs that generate; empty = searched</source>
        <translation>Separate pools: GPUs that generate; empty = searched</translation>
    </message>
    <message>
        <source>Off-policy steps</source>
        <translation>Off-policy steps</translation>
    </message>
    <message>
        <source>Targets hold at</source>
        <translation>Targets hold at</translation>
    </message>
    <message>
        <source>The statistic the latency targets are checked at: the mean, or the share of requests at or under them (p90: nine in ten)</source>
        <translation>The statistic the latency targets are checked at: the mean, or the share of requests at or under them (p90: nine in ten)</translation>
    </message>
    <message>
        <source>Prompt length spread</source>
        <translation>Prompt length spread</translation>
    </message>
    <message>
        <source>How prompt lengths vary around their mean: fixed, lognormal or normal (with the spread below) or exponential</source>
        <translation>How prompt lengths vary around their mean: fixed, lognormal or normal (with the spread below) or exponential</translation>
    </message>
    <message>
        <source>Prompt spread (CV)</source>
        <translation>Prompt spread (CV)</translation>
    </message>
    <message>
        <source>Standard deviation of the prompt lengths over their mean, for lognormal and normal</source>
        <translation>Standard deviation of the prompt lengths over their mean, for lognormal and normal</translation>
    </message>
    <message>
        <source>Output length spread</source>
        <translation>Output length spread</translation>
    </message>
    <message>
        <source>How output lengths vary around their mean: fixed, lognormal or normal (with the spread below) or exponential (chat-like: a long tail)</source>
        <translation>How output lengths vary around their mean: fixed, lognormal or normal (with the spread below) or exponential (chat-like: a long tail)</translation>
    </message>
    <message>
        <source>Output spread (CV)</source>
        <translation>Output spread (CV)</translation>
    </message>
    <message>
        <source>Standard deviation of the output lengths over their mean, for lognormal and normal</source>
        <translation>Standard deviation of the output lengths over their mean, for lognormal and normal</translation>
    </message>
    <message>
        <source>Burstiness</source>
        <translation>Burstiness</translation>
    </message>
    <message>
        <source>Arrivals of a rate load as vLLM&apos;s benchmark draws them: 1 = Poisson, below 1 burstier, above 1 more even</source>
        <translation>Arrivals of a rate load as vLLM&apos;s benchmark draws them: 1 = Poisson, below 1 burstier, above 1 more even</translation>
    </message>
    <message>
        <source>Requests in the run</source>
        <translation>Requests in the run</translation>
    </message>
    <message>
        <source>A finite run of this many requests instead of a steady state (a benchmark of N prompts: its makespan includes the tail of the longest outputs); empty = steady state</source>
        <translation>A finite run of this many requests instead of a steady state (a benchmark of N prompts: its makespan includes the tail of the longest outputs); empty = steady state</translation>
    </message>
    <message>
        <source>Fixed (every request the mean)</source>
        <translation>Fixed (every request the mean)</translation>
    </message>
    <message>
        <source>Lognormal</source>
        <translation>Lognormal</translation>
    </message>
    <message>
        <source>Exponential</source>
        <translation>Exponential</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mean</translation>
    </message>
    <message>
        <source>Median (p50)</source>
        <translation>Median (p50)</translation>
    </message>
    <message>
        <source>90th percentile</source>
        <translation>90th percentile</translation>
    </message>
    <message>
        <source>99th percentile</source>
        <translation>99th percentile</translation>
    </message>
    <message>
        <source>Separate pools: rollouts this many steps ahead of training (0 = synchronous)</source>
        <translation>Separate pools: rollouts this many steps ahead of training (0 = synchronous)</translation>
    </message>
    <message>
        <source>Hugging Face Trainer</source>
        <translation>Hugging Face Trainer</translation>
    </message>
    <message>
        <source>Auto (the cheaper)</source>
        <translation>Auto (the cheaper)</translation>
    </message>
    <message>
        <source>Multi-turn chat</source>
        <translation>Multi-turn chat</translation>
    </message>
    <message>
        <source>Gradient precision</source>
        <translation>Gradient precision</translation>
    </message>
    <message>
        <source>The width gradients are accumulated and reduced across data-parallel ranks at: the stack&apos;s default, fp32 or bf16 (Megatron --grad-reduce-in-bf16)</source>
        <translation>The width gradients are accumulated and reduced across data-parallel ranks at: the stack&apos;s default, fp32 or bf16 (Megatron --grad-reduce-in-bf16)</translation>
    </message>
    <message>
        <source>The stack&apos;s default</source>
        <translation>The stack&apos;s default</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Off</translation>
    </message>
    <message>
        <source>Compare for MoE models</source>
        <translation>Compare for MoE models</translation>
    </message>
    <message>
        <source>Query and value (q_proj, v_proj)</source>
        <translation>Query and value (q_proj, v_proj)</translation>
    </message>
    <message>
        <source>Attention (q, k, v, o)</source>
        <translation>Attention (q, k, v, o)</translation>
    </message>
    <message>
        <source>All linear layers</source>
        <translation>All linear layers</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA adapters</translation>
    </message>
    <message>
        <source>Distinct LoRA adapters the requests use, evenly, over the one base model; 0 = the base model only</source>
        <translation>Distinct LoRA adapters the requests use, evenly, over the one base model; 0 = the base model only</translation>
    </message>
    <message>
        <source>Adapter rank</source>
        <translation>Adapter rank</translation>
    </message>
    <message>
        <source>Every adapter&apos;s rank, also the engine&apos;s max_lora_rank</source>
        <translation>Every adapter&apos;s rank, also the engine&apos;s max_lora_rank</translation>
    </message>
    <message>
        <source>Adapter targets</source>
        <translation>Adapter targets</translation>
    </message>
    <message>
        <source>The modules each adapter adapts: what loading one copies</source>
        <translation>The modules each adapter adapts: what loading one copies</translation>
    </message>
    <message>
        <source>Adapters on the GPUs</source>
        <translation>Adapters on the GPUs</translation>
    </message>
    <message>
        <source>GPU slots per replica, the adapters one batch may use (vLLM&apos;s --max-loras, SGLang&apos;s --max-loras-per-batch); empty = the engine&apos;s default</source>
        <translation>GPU slots per replica, the adapters one batch may use (vLLM&apos;s --max-loras, SGLang&apos;s --max-loras-per-batch); empty = the engine&apos;s default</translation>
    </message>
    <message>
        <source>Adapters in host memory</source>
        <translation>Adapters in host memory</translation>
    </message>
    <message>
        <source>Adapters kept in host memory per replica (vLLM&apos;s --max-cpu-loras); empty = as many as on the GPUs</source>
        <translation>Adapters kept in host memory per replica (vLLM&apos;s --max-cpu-loras); empty = as many as on the GPUs</translation>
    </message>
    <message>
        <source>Wide expert parallelism</source>
        <translation>Wide expert parallelism</translation>
    </message>
    <message>
        <source>For MoE models: compare one expert-parallel group over each candidate&apos;s GPUs, attention data-parallel, with the tensor-parallel replicas</source>
        <translation>For MoE models: compare one expert-parallel group over each candidate&apos;s GPUs, attention data-parallel, with the tensor-parallel replicas</translation>
    </message>
    <message>
        <source>Redundant experts</source>
        <translation>Redundant experts</translation>
    </message>
    <message>
        <source>Extra copies of the busiest experts the load balancer (EPLB) spreads over the group</source>
        <translation>Extra copies of the busiest experts the load balancer (EPLB) spreads over the group</translation>
    </message>
    <message>
        <source>Two-batch overlap</source>
        <translation>Two-batch overlap</translation>
    </message>
    <message>
        <source>Split each step into two halves so one half&apos;s all-to-all runs during the other&apos;s compute (SGLang&apos;s --enable-two-batch-overlap)</source>
        <translation>Split each step into two halves so one half&apos;s all-to-all runs during the other&apos;s compute (SGLang&apos;s --enable-two-batch-overlap)</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>llama.cpp (llama-server)</source>
        <translation>llama.cpp (llama-server)</translation>
    </message>
    <message>
        <source>Price surcharge</source>
        <translation>Price surcharge</translation>
    </message>
    <message>
        <source>A share added to every price the plan pays, quotes and storage included: a support plan billed as a share of the cloud bill, a tax the prices leave out, a reseller&apos;s margin</source>
        <translation>A share added to every price the plan pays, quotes and storage included: a support plan billed as a share of the cloud bill, a tax the prices leave out, a reseller&apos;s margin</translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation>Bits per weight</translation>
    </message>
    <message>
        <source>Bits each quantized weight takes with its scales and zero points (GPTQ or AWQ at group size 128: 4.156); empty: the weight format&apos;s own (int4: 4.5)</source>
        <translation>Bits each quantized weight takes with its scales and zero points (GPTQ or AWQ at group size 128: 4.156); empty: the weight format&apos;s own (int4: 4.5)</translation>
    </message>
    <message>
        <source>The longest request the engine admits, in tokens (vLLM&apos;s max_model_len; llama.cpp&apos;s --ctx-size, the cache its slots share); empty = prompt + output (llama.cpp: 4096)</source>
        <translation>The longest request the engine admits, in tokens (vLLM&apos;s max_model_len; llama.cpp&apos;s --ctx-size, the cache its slots share); empty = prompt + output (llama.cpp: 4096)</translation>
    </message>
    <message>
        <source>KV offload to local disk</source>
        <translation>KV offload to local disk</translation>
    </message>
    <message>
        <source>Local NVMe per replica that keeps KV evicted from host memory (LMCache&apos;s local disk backend), at most the replica&apos;s share of the instance&apos;s drives; read back, then copied over PCIe</source>
        <translation>Local NVMe per replica that keeps KV evicted from host memory (LMCache&apos;s local disk backend), at most the replica&apos;s share of the instance&apos;s drives; read back, then copied over PCIe</translation>
    </message>
    <message>
        <source>Decode on another instance</source>
        <translation>Decode on another instance</translation>
    </message>
    <message>
        <source>The decode pool may run on any other catalog instance among the candidates (prefill on H100 nodes, decode on A100 nodes), its KV crossing the network both have; each pool priced as its own instance&apos;s nodes</source>
        <translation>The decode pool may run on any other catalog instance among the candidates (prefill on H100 nodes, decode on A100 nodes), its KV crossing the network both have; each pool priced as its own instance&apos;s nodes</translation>
    </message>
</context>
<context>
    <name>FrontierView</name>
    <message>
        <source>%1 GPU-hours</source>
        <translation>%1 GPU-hours</translation>
    </message>
    <message>
        <source>%1 / M tokens</source>
        <translation>%1 / M tokens</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;%3, %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;%3, %4</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;The chosen configuration</source>
        <translation>&lt;br&gt;The chosen configuration</translation>
    </message>
    <message>
        <source>&lt;br&gt;On the frontier: nothing is both cheaper and faster</source>
        <translation>&lt;br&gt;On the frontier: nothing is both cheaper and faster</translation>
    </message>
    <message>
        <source>Cost against time: %1</source>
        <translation>Cost against time: %1</translation>
    </message>
    <message>
        <source>Configurations that fit</source>
        <translation>Configurations that fit</translation>
    </message>
    <message>
        <source>Frontier</source>
        <translation>Frontier</translation>
    </message>
    <message>
        <source>Chosen</source>
        <translation>Chosen</translation>
    </message>
    <message>
        <source>Hours per request batch</source>
        <translation>Hours per request batch</translation>
    </message>
    <message>
        <source>Hours to finish</source>
        <translation>Hours to finish</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU-hours</translation>
    </message>
    <message>
        <source>Cost per million tokens (%1)</source>
        <translation>Cost per million tokens (%1)</translation>
    </message>
    <message>
        <source>Cost (%1)</source>
        <translation>Cost (%1)</translation>
    </message>
</context>
<context>
    <name>NoPriceText</name>
    <message>
        <source>has no price under the counted billing modes</source>
        <translation>has no price under the counted billing modes</translation>
    </message>
    <message>
        <source>has no price listed in %1</source>
        <translation>has no price listed in %1</translation>
    </message>
    <message>
        <source>has no price listed in %1 (none published)</source>
        <translation>has no price listed in %1 (none published)</translation>
    </message>
    <message>
        <source>it is priced %1 only, which the plan does not count</source>
        <translation>it is priced %1 only, which the plan does not count</translation>
    </message>
    <message>
        <source>it has a price in %1 (pick that region in Choose Candidates…)</source>
        <translation>it has a price in %1 (pick that region in Choose Candidates…)</translation>
    </message>
    <message>
        <source>import a price (File › Import Cloud Prices…, or Edit Price… on the Candidates tab) to compare its cost</source>
        <translation>import a price (File › Import Cloud Prices…, or Edit Price… on the Candidates tab) to compare its cost</translation>
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
        <translation>%1 days</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
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
        <translation>Untitled</translation>
    </message>
</context>
<context>
    <name>ReportBuilder</name>
    <message>
        <source>GPU plan for %1</source>
        <translation>GPU plan for %1</translation>
    </message>
    <message>
        <source>GPU Planner %1</source>
        <translation>GPU Planner %1</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>Page %1 of %2</translation>
    </message>
    <message>
        <source>%1 × %2 (%3 nodes × %4 GPUs)</source>
        <translation>%1 × %2 (%3 nodes × %4 GPUs)</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>no price</translation>
    </message>
    <message>
        <source>GPU plan report</source>
        <translation>GPU plan report</translation>
    </message>
    <message>
        <source>Generated %1 by GPU Planner %2. All figures are estimates from the models and catalog named under Assumptions.</source>
        <translation>Generated %1 by GPU Planner %2. All figures are estimates from the models and catalog named under Assumptions.</translation>
    </message>
    <message>
        <source>The question</source>
        <translation>The question</translation>
    </message>
    <message>
        <source>%1, %2 parameters</source>
        <translation>%1, %2 parameters</translation>
    </message>
    <message>
        <source> (%1 active per token)</source>
        <translation> (%1 active per token)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Workload</translation>
    </message>
    <message>
        <source>Technique</source>
        <translation>Technique</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimizer</translation>
    </message>
    <message>
        <source>, weights stored as %1</source>
        <translation>, weights stored as %1</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Precision</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Batch size</translation>
    </message>
    <message>
        <source>Prompt / output tokens</source>
        <translation>Prompt / output tokens</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>KV-cache precision</source>
        <translation>KV-cache precision</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequence length</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>Training tokens</translation>
    </message>
    <message>
        <source>micro-batch %1 × accumulation %2</source>
        <translation>micro-batch %1 × accumulation %2</translation>
    </message>
    <message>
        <source>, global batch %1 sequences</source>
        <translation>, global batch %1 sequences</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <source>, deadline %1</source>
        <translation>, deadline %1</translation>
    </message>
    <message>
        <source>, budget %1</source>
        <translation>, budget %1</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>Objective</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <source>chosen per candidate by the planner (%1 configurations scored)</source>
        <translation>chosen per candidate by the planner (%1 configurations scored)</translation>
    </message>
    <message>
        <source>as set in the plan</source>
        <translation>as set in the plan</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Candidates</translation>
    </message>
    <message>
        <source>%1 (every catalog instance)</source>
        <translation>%1 (every catalog instance)</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Currency</translation>
    </message>
    <message>
        <source>It fits: it needs %1 of the %2 usable on each %3 GPU.</source>
        <translation>It fits: it needs %1 of the %2 usable on each %3 GPU.</translation>
    </message>
    <message>
        <source>It is the only candidate that fits.</source>
        <translation>It is the only candidate that fits.</translation>
    </message>
    <message>
        <source>It finishes soonest of the %1 candidates that fit: %2, against %3 for the runner-up, %4.</source>
        <translation>It finishes soonest of the %1 candidates that fit: %2, against %3 for the runner-up, %4.</translation>
    </message>
    <message>
        <source>It is the cheapest of the %1 candidates that fit: %2, against %3 for the runner-up, %4</source>
        <translation>It is the cheapest of the %1 candidates that fit: %2, against %3 for the runner-up, %4</translation>
    </message>
    <message>
        <source> (%1 less).</source>
        <translation> (%1 less).</translation>
    </message>
    <message>
        <source>It ranks first of the %1 candidates that fit.</source>
        <translation>It ranks first of the %1 candidates that fit.</translation>
    </message>
    <message>
        <source>It finishes within the deadline of %1.</source>
        <translation>It finishes within the deadline of %1.</translation>
    </message>
    <message>
        <source>It stays within the budget of %1.</source>
        <translation>It stays within the budget of %1.</translation>
    </message>
    <message>
        <source>It generates %1 tokens/s after a prefill of %2; the limit is %3.</source>
        <translation>It generates %1 tokens/s after a prefill of %2; the limit is %3.</translation>
    </message>
    <message>
        <source>It trains at %1 tokens/s (%2 model FLOPs utilization); the limit is %3.</source>
        <translation>It trains at %1 tokens/s (%2 model FLOPs utilization); the limit is %3.</translation>
    </message>
    <message>
        <source>Its price is an estimate: confirm the provider&apos;s current price before committing.</source>
        <translation>Its price is an estimate: confirm the provider&apos;s current price before committing.</translation>
    </message>
    <message>
        <source>No price is known for it: the ranking ignores its cost.</source>
        <translation>No price is known for it: the ranking ignores its cost.</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>Recommendation</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Memory per GPU</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
    <message>
        <source>Decode speed</source>
        <translation>Decode speed</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <source>Price per hour</source>
        <translation>Price per hour</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>Training time</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Cost</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>Bottleneck</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Why</translation>
    </message>
    <message>
        <source>No candidate fits this plan.</source>
        <translation>No candidate fits this plan.</translation>
    </message>
    <message>
        <source>The closest is %1 (%2).</source>
        <translation>The closest is %1 (%2).</translation>
    </message>
    <message>
        <source>Suggestion: %1</source>
        <translation>Suggestion: %1</translation>
    </message>
    <message>
        <source>Candidates side by side</source>
        <translation>Candidates side by side</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidate</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>Memory / GPU</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>Decode</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>does not fit</translation>
    </message>
    <message>
        <source>%1 × %2
%3 nodes</source>
        <translation>%1 × %2
%3 nodes</translation>
    </message>
    <message>
        <source>%1 tok/s</source>
        <translation>%1 tok/s</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Charts</translation>
    </message>
    <message>
        <source>The charts show the %1 best-ranked of the %2 candidates; the table above lists them all.</source>
        <translation>The charts show the %1 best-ranked of the %2 candidates; the table above lists them all.</translation>
    </message>
    <message>
        <source>#%1  %2</source>
        <translation>#%1  %2</translation>
    </message>
    <message>
        <source>recommended</source>
        <translation>recommended</translation>
    </message>
    <message>
        <source>Does not fit: %1</source>
        <translation>Does not fit: %1</translation>
    </message>
    <message>
        <source>Does not fit.</source>
        <translation>Does not fit.</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>Offload</translation>
    </message>
    <message>
        <source>Checkpointing</source>
        <translation>Checkpointing</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU memory</translation>
    </message>
    <message>
        <source>%1 (%2 usable)</source>
        <translation>%1 (%2 usable)</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Size</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Share</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>%1 of GPU</source>
        <translation>%1 of GPU</translation>
    </message>
    <message>
        <source>Time per decode step</source>
        <translation>Time per decode step</translation>
    </message>
    <message>
        <source>Time per optimizer step</source>
        <translation>Time per optimizer step</translation>
    </message>
    <message>
        <source>inside a node</source>
        <translation>inside a node</translation>
    </message>
    <message>
        <source>between nodes</source>
        <translation>between nodes</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>Prefill</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Throughput</translation>
    </message>
    <message>
        <source>Model FLOPs utilization</source>
        <translation>Model FLOPs utilization</translation>
    </message>
    <message>
        <source>%1 (%2 GPU-hours)</source>
        <translation>%1 (%2 GPU-hours)</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <source>Billing mode</source>
        <translation>Billing mode</translation>
    </message>
    <message>
        <source>Cost to finish</source>
        <translation>Cost to finish</translation>
    </message>
    <message>
        <source>Finishes after</source>
        <translation>Finishes after</translation>
    </message>
    <message>
        <source>not offered</source>
        <translation>not offered</translation>
    </message>
    <message>
        <source>A monthly subscription is cheaper than pay-as-you-go after %1 days of use.</source>
        <translation>A monthly subscription is cheaper than pay-as-you-go after %1 days of use.</translation>
    </message>
    <message>
        <source>Candidate details</source>
        <translation>Candidate details</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>Assumptions</translation>
    </message>
    <message>
        <source>Estimates rest on these figures. Values set in the plan replace the catalog&apos;s defaults; every catalog value names its source and date.</source>
        <translation>Estimates rest on these figures. Values set in the plan replace the catalog&apos;s defaults; every catalog value names its source and date.</translation>
    </message>
    <message>
        <source>Set in the plan</source>
        <translation>Set in the plan</translation>
    </message>
    <message>
        <source>Nothing: the catalog&apos;s defaults below apply.</source>
        <translation>Nothing: the catalog&apos;s defaults below apply.</translation>
    </message>
    <message>
        <source>Exchange rate</source>
        <translation>Exchange rate</translation>
    </message>
    <message>
        <source>1 USD = %1 CNY (%2).</source>
        <translation>1 USD = %1 CNY (%2).</translation>
    </message>
    <message>
        <source>set in the plan</source>
        <translation>set in the plan</translation>
    </message>
    <message>
        <source>catalog default</source>
        <translation>catalog default</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Default</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>As of</source>
        <translation>As of</translation>
    </message>
    <message>
        <source>(estimate)</source>
        <translation>(estimate)</translation>
    </message>
    <message>
        <source>Catalog defaults</source>
        <translation>Catalog defaults</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Prices (whole candidate, %1)</source>
        <translation>Prices (whole candidate, %1)</translation>
    </message>
    <message>
        <source>Title and address</source>
        <translation>Title and address</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Sources</translation>
    </message>
    <message>
        <source>About the model</source>
        <translation>About the model</translation>
    </message>
    <message>
        <source>Storage (disk for the run)</source>
        <translation>Storage (disk for the run)</translation>
    </message>
    <message>
        <source>Sources are named by key; the table below gives their titles and addresses.</source>
        <translation>Sources are named by key; the table below gives their titles and addresses.</translation>
    </message>
    <message>
        <source>%1 / M tokens</source>
        <translation>%1 / M tokens</translation>
    </message>
    <message>
        <source>Billing modes counted</source>
        <translation>Billing modes counted</translation>
    </message>
    <message>
        <source>Ranked best first; %1 of %2 candidates fit. Memory is per GPU against its capacity; cost is under the cheapest billing mode the plan counts.</source>
        <translation>Ranked best first; %1 of %2 candidates fit. Memory is per GPU against its capacity; cost is under the cheapest billing mode the plan counts.</translation>
    </message>
    <message>
        <source>Cost / M tokens</source>
        <translation>Cost / M tokens</translation>
    </message>
    <message>
        <source>%1 (%2 parameters)</source>
        <translation>%1 (%2 parameters)</translation>
    </message>
    <message>
        <source>Serve %1 to %2 concurrent requests of %3 prompt and %4 output tokens in %5.</source>
        <translation>Serve %1 to %2 concurrent requests of %3 prompt and %4 output tokens in %5.</translation>
    </message>
    <message>
        <source>%1 of %2 on %3 tokens at sequence length %4 in %5.</source>
        <translation>%1 of %2 on %3 tokens at sequence length %4 in %5.</translation>
    </message>
    <message numerus="yes">
        <source>Objective: %1. %n candidate(s) compared; billing modes counted: %2.</source>
        <translation>
            <numerusform>Objective: %1. %n candidate compared; billing modes counted: %2.</numerusform>
            <numerusform>Objective: %1. %n candidates compared; billing modes counted: %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Runners-up</source>
        <translation>Runners-up</translation>
    </message>
    <message>
        <source>Why not first</source>
        <translation>Why not first</translation>
    </message>
    <message>
        <source>A price cut of %1 on %2 would make it the cheaper choice.</source>
        <translation>A price cut of %1 on %2 would make it the cheaper choice.</translation>
    </message>
    <message>
        <source>%1 would have to run %2 faster to finish first.</source>
        <translation>%1 would have to run %2 faster to finish first.</translation>
    </message>
    <message>
        <source>Counting %1 would put the recommendation at %2 (%3 days to finish); the plan does not count it.</source>
        <translation>Counting %1 would put the recommendation at %2 (%3 days to finish); the plan does not count it.</translation>
    </message>
    <message>
        <source>A deadline shorter than %1 would rule the recommendation out.</source>
        <translation>A deadline shorter than %1 would rule the recommendation out.</translation>
    </message>
    <message>
        <source>%1 does not fit as planned: %2</source>
        <translation>%1 does not fit as planned: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s) do not fit; the table on the next pages says why.</source>
        <translation>
            <numerusform>%n candidate does not fit; the table on the next pages says why.</numerusform>
            <numerusform>%n candidates do not fit; the table on the next pages says why.</numerusform>
        </translation>
    </message>
    <message>
        <source>What would change the answer</source>
        <translation>What would change the answer</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1 in %2</translation>
    </message>
    <message>
        <source>misses deadline</source>
        <translation>misses deadline</translation>
    </message>
    <message>
        <source>over budget</source>
        <translation>over budget</translation>
    </message>
    <message>
        <source>The question in detail</source>
        <translation>The question in detail</translation>
    </message>
    <message>
        <source>The other %1 candidates are in the table of candidates above, with their configuration, memory, time, cost and bottleneck.</source>
        <translation>The other %1 candidates are in the table of candidates above, with their configuration, memory, time, cost and bottleneck.</translation>
    </message>
    <message>
        <source>Scenarios compared</source>
        <translation>Scenarios compared</translation>
    </message>
    <message>
        <source>The plan and each of its scenarios, answered alike: the best candidate of each, its cost under the cheapest billing mode the scenario counts and its time, and the difference to the baseline (%1).</source>
        <translation>The plan and each of its scenarios, answered alike: the best candidate of each, its cost under the cheapest billing mode the scenario counts and its time, and the difference to the baseline (%1).</translation>
    </message>
    <message>
        <source>time to first token under %1</source>
        <translation>time to first token under %1</translation>
    </message>
    <message>
        <source>time per output token under %1</source>
        <translation>time per output token under %1</translation>
    </message>
    <message>
        <source>no latency targets</source>
        <translation>no latency targets</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Load</translation>
    </message>
    <message>
        <source>Latency targets</source>
        <translation>Latency targets</translation>
    </message>
    <message>
        <source>as the precision</source>
        <translation>as the precision</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>Replicas</translation>
    </message>
    <message>
        <source>as the load needs</source>
        <translation>as the load needs</translation>
    </message>
    <message>
        <source>Requests per month</source>
        <translation>Requests per month</translation>
    </message>
    <message>
        <source>always on</source>
        <translation>always on</translation>
    </message>
    <message>
        <source>GPU memory utilization %1</source>
        <translation>GPU memory utilization %1</translation>
    </message>
    <message>
        <source>max sequences %1</source>
        <translation>max sequences %1</translation>
    </message>
    <message>
        <source>max batched tokens %1</source>
        <translation>max batched tokens %1</translation>
    </message>
    <message>
        <source>prefix cache hit rate %1</source>
        <translation>prefix cache hit rate %1</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>Serving engine</translation>
    </message>
    <message>
        <source>engine defaults</source>
        <translation>engine defaults</translation>
    </message>
    <message>
        <source>Serve %1 at %2, requests of %3 prompt and %4 output tokens in %5; %6.</source>
        <translation>Serve %1 at %2, requests of %3 prompt and %4 output tokens in %5; %6.</translation>
    </message>
    <message>
        <source>TTFT / TPOT</source>
        <translation>TTFT / TPOT</translation>
    </message>
    <message>
        <source>It is the cheapest per million tokens of the %1 candidates that fit: %2, against %3 for the runner-up, %4</source>
        <translation>It is the cheapest per million tokens of the %1 candidates that fit: %2, against %3 for the runner-up, %4</translation>
    </message>
    <message>
        <source>At %1 it answers with a first token after %2 and %3 per output token (%4); %5 replicas give %6 output tokens/s.</source>
        <translation>At %1 it answers with a first token after %2 and %3 per output token (%4); %5 replicas give %6 output tokens/s.</translation>
    </message>
    <message>
        <source>Deployment</source>
        <translation>Deployment</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Time to first token</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>Time per output token</translation>
    </message>
    <message>
        <source>Output tokens/s</source>
        <translation>Output tokens/s</translation>
    </message>
    <message>
        <source>%1 per replica, %2 in all</source>
        <translation>%1 per replica, %2 in all</translation>
    </message>
    <message>
        <source>Requests in flight</source>
        <translation>Requests in flight</translation>
    </message>
    <message>
        <source>%1 per replica (limit: %2)</source>
        <translation>%1 per replica (limit: %2)</translation>
    </message>
    <message>
        <source>Cost / M output tokens</source>
        <translation>Cost / M output tokens</translation>
    </message>
    <message>
        <source>Monthly cost</source>
        <translation>Monthly cost</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Output</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>Limit</translation>
    </message>
    <message>
        <source>Serving: throughput, latency and cost</source>
        <translation>Serving: throughput, latency and cost</translation>
    </message>
    <message>
        <source>Per candidate at its operating point: %1 of %2 prompt and %3 output tokens; %4. Throughput is per replica; cost is under the cheapest billing mode the plan counts.</source>
        <translation>Per candidate at its operating point: %1 of %2 prompt and %3 output tokens; %4. Throughput is per replica; cost is under the cheapest billing mode the plan counts.</translation>
    </message>
    <message>
        <source>In flight / replica</source>
        <translation>In flight / replica</translation>
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
        <translation>Output tok/s / replica</translation>
    </message>
    <message>
        <source>Meets SLO</source>
        <translation>Meets SLO</translation>
    </message>
    <message>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Yes</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/a</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV cache</translation>
    </message>
    <message>
        <source>%1 tokens per replica, %2 requests of full length</source>
        <translation>%1 tokens per replica, %2 requests of full length</translation>
    </message>
    <message>
        <source>Operating point</source>
        <translation>Operating point</translation>
    </message>
    <message>
        <source>%1 in flight per replica (limit: %2)</source>
        <translation>%1 in flight per replica (limit: %2)</translation>
    </message>
    <message>
        <source>%1 per replica</source>
        <translation>%1 per replica</translation>
    </message>
    <message>
        <source>%1 (the engine takes %2, leaves %3 unused)</source>
        <translation>%1 (the engine takes %2, leaves %3 unused)</translation>
    </message>
    <message>
        <source>%1.</source>
        <comment>a sentence ended with a full stop</comment>
        <translation>%1.</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>Eager (no fused kernel)</source>
        <translation>Eager (no fused kernel)</translation>
    </message>
    <message>
        <source>, FP8 scaling: %1</source>
        <translation>, FP8 scaling: %1</translation>
    </message>
    <message>
        <source>, FSDP weights all-gathered in FP8</source>
        <translation>, FSDP weights all-gathered in FP8</translation>
    </message>
    <message>
        <source>%1, weights in %2</source>
        <translation>%1, weights in %2</translation>
    </message>
    <message>
        <source>Largest overhead</source>
        <translation>Largest overhead</translation>
    </message>
    <message>
        <source>Your price quotes</source>
        <translation>Your price quotes</translation>
    </message>
    <message>
        <source>%1 per hour</source>
        <translation>%1 per hour</translation>
    </message>
    <message>
        <source>%1 per month</source>
        <translation>%1 per month</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <source>catalog figures</source>
        <translation>catalog figures</translation>
    </message>
    <message>
        <source>These come from your catalog overrides, not from the plan: the command-line tool answers the plan the same way only when given them (--overrides FILE).</source>
        <translation>These come from your catalog overrides, not from the plan: the command-line tool answers the plan the same way only when given them (--overrides FILE).</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>What each scenario changes from the baseline</source>
        <translation>What each scenario changes from the baseline</translation>
    </message>
    <message>
        <source>Speculative decoding</source>
        <translation>Speculative decoding</translation>
    </message>
    <message>
        <source>%1 / %2 / %3</source>
        <translation>%1 / %2 / %3</translation>
    </message>
    <message>
        <source>TTFT p50 / p90 / p99</source>
        <translation>TTFT p50 / p90 / p99</translation>
    </message>
    <message>
        <source>TPOT p50 / p90 / p99</source>
        <translation>TPOT p50 / p90 / p99</translation>
    </message>
    <message>
        <source>Latency p50 / p90 / p99</source>
        <translation>Latency p50 / p90 / p99</translation>
    </message>
    <message>
        <source>Run of %1 requests</source>
        <translation>Run of %1 requests</translation>
    </message>
    <message>
        <source>makespan %1</source>
        <translation>makespan %1</translation>
    </message>
    <message>
        <source>at the %1</source>
        <translation>at the %1</translation>
    </message>
    <message>
        <source>KV transfer</source>
        <translation>KV transfer</translation>
    </message>
    <message>
        <source>Prefix cache</source>
        <translation>Prefix cache</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA adapters</translation>
    </message>
    <message>
        <source>Wide expert parallelism</source>
        <translation>Wide expert parallelism</translation>
    </message>
    <message>
        <source>no price
none listed in %1</source>
        <translation>no price
none listed in %1</translation>
    </message>
    <message>
        <source>Not compared on cost: %1 %2.</source>
        <translation>Not compared on cost: %1 %2.</translation>
    </message>
</context>
<context>
    <name>ReportSensitivity</name>
    <message>
        <source>Sensitivity: %1, one uncertain input at a time.</source>
        <translation>Sensitivity: %1, one uncertain input at a time.</translation>
    </message>
    <message>
        <source>%1.</source>
        <comment>a sentence&apos;s full stop</comment>
        <translation>%1.</translation>
    </message>
</context>
<context>
    <name>RlAnswerText</name>
    <message numerus="yes">
        <source>%1 (%n GPU(s))</source>
        <translation>
            <numerusform>%1 (%n GPU)</numerusform>
            <numerusform>%1 (%n GPUs)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 GiB per GPU, fits</source>
        <translation>%1 of %2 GiB per GPU, fits</translation>
    </message>
    <message>
        <source>%1 of %2 GiB per GPU, does not fit</source>
        <translation>%1 of %2 GiB per GPU, does not fit</translation>
    </message>
    <message>
        <source>No candidate to answer.</source>
        <translation>No candidate to answer.</translation>
    </message>
    <message>
        <source>No candidate can run this RL plan.</source>
        <translation>No candidate can run this RL plan.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Recommended: %1, %n GPU(s) (%2).</source>
        <translation>
            <numerusform>Recommended: %1, %n GPU (%2).</numerusform>
            <numerusform>Recommended: %1, %n GPUs (%2).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Closest: %1, %n GPU(s) (%2); it misses the plan&apos;s limit.</source>
        <translation>
            <numerusform>Closest: %1, %n GPU (%2); it misses the plan&apos;s limit.</numerusform>
            <numerusform>Closest: %1, %n GPUs (%2); it misses the plan&apos;s limit.</numerusform>
        </translation>
    </message>
    <message>
        <source>Placement: %1; rollout engines %2; trainer %3.</source>
        <translation>Placement: %1; rollout engines %2; trainer %3.</translation>
    </message>
    <message>
        <source>One RL step takes %1 (rollout %2, training side %3, %4 hidden by async rollouts); %5 limits it.</source>
        <translation>One RL step takes %1 (rollout %2, training side %3, %4 hidden by async rollouts); %5 limits it.</translation>
    </message>
    <message>
        <source>%1 steps at %2 steps per hour: %3.</source>
        <translation>%1 steps at %2 steps per hour: %3.</translation>
    </message>
    <message>
        <source>Cost %1 (%2), %3 per 1,000 prompts.</source>
        <translation>Cost %1 (%2), %3 per 1,000 prompts.</translation>
    </message>
    <message>
        <source>No price is known for it: %1 GPU-hours.</source>
        <translation>No price is known for it: %1 GPU-hours.</translation>
    </message>
    <message>
        <source>Peak memory: %1.</source>
        <translation>Peak memory: %1.</translation>
    </message>
    <message numerus="yes">
        <source>and %n more in the table.</source>
        <translation>
            <numerusform>and %n more in the table.</numerusform>
            <numerusform>and %n more in the table.</numerusform>
        </translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Runs on</source>
        <translation>Runs on</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Seconds</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>Utilisation</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Memory per GPU</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Fits</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Yes</translation>
    </message>
    <message>
        <source>No</source>
        <translation>No</translation>
    </message>
</context>
<context>
    <name>RlChartText</name>
    <message>
        <source>RL step time by phase</source>
        <translation>RL step time by phase</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n GPU(s)</source>
        <translation>
            <numerusform>%1, %n GPU</numerusform>
            <numerusform>%1, %n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>Seconds per RL step</source>
        <translation>Seconds per RL step</translation>
    </message>
    <message>
        <source>Memory per GPU by phase: %1</source>
        <translation>Memory per GPU by phase: %1</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Memory per GPU</translation>
    </message>
    <message>
        <source>Usable per GPU: %1 GiB (fits)</source>
        <translation>Usable per GPU: %1 GiB (fits)</translation>
    </message>
    <message>
        <source>Usable per GPU: %1 GiB (does not fit)</source>
        <translation>Usable per GPU: %1 GiB (does not fit)</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>GiB per GPU</translation>
    </message>
</context>
<context>
    <name>RlReportText</name>
    <message>
        <source>Actor</source>
        <translation>Actor</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Workload</translation>
    </message>
    <message>
        <source>Technique</source>
        <translation>Technique</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Precision</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 parameters</translation>
    </message>
    <message>
        <source>Reward model</source>
        <translation>Reward model</translation>
    </message>
    <message>
        <source>Critic</source>
        <translation>Critic</translation>
    </message>
    <message>
        <source>the actor&apos;s model</source>
        <translation>the actor&apos;s model</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>Objective</translation>
    </message>
    <message>
        <source>The question</source>
        <translation>The question</translation>
    </message>
    <message>
        <source>Every candidate</source>
        <translation>Every candidate</translation>
    </message>
    <message>
        <source>%1: phases of one RL step</source>
        <translation>%1: phases of one RL step</translation>
    </message>
    <message>
        <source>%1; rollout engines %2; trainer %3. Peak memory %4.</source>
        <translation>%1; rollout engines %2; trainer %3. Peak memory %4.</translation>
    </message>
    <message>
        <source>The answer</source>
        <translation>The answer</translation>
    </message>
    <message>
        <source>Why the others lose</source>
        <translation>Why the others lose</translation>
    </message>
    <message>
        <source>How it is modelled</source>
        <translation>How it is modelled</translation>
    </message>
    <message>
        <source>Rollout with the serving engine&apos;s step model and the long tail of response lengths; forwards and training with the training model at the trainer&apos;s layout; weight sync over the GPUs&apos; links. Sources and accuracy: docs/rl-post-training.md.</source>
        <translation>Rollout with the serving engine&apos;s step model and the long tail of response lengths; forwards and training with the training model at the trainer&apos;s layout; weight sync over the GPUs&apos; links. Sources and accuracy: docs/rl-post-training.md.</translation>
    </message>
    <message>
        <source>Set in the plan</source>
        <translation>Set in the plan</translation>
    </message>
</context>
<context>
    <name>ScenarioChart</name>
    <message>
        <source>Cost and time per scenario</source>
        <translation>Cost and time per scenario</translation>
    </message>
    <message>
        <source>Cost per million tokens (%1)</source>
        <translation>Cost per million tokens (%1)</translation>
    </message>
    <message>
        <source>Cost (%1)</source>
        <translation>Cost (%1)</translation>
    </message>
    <message>
        <source>Time per request batch (hours)</source>
        <translation>Time per request batch (hours)</translation>
    </message>
    <message>
        <source>Time to finish (hours)</source>
        <translation>Time to finish (hours)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2, %3 GPUs&lt;br&gt;%4&lt;br&gt;%5, %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2, %3 GPUs&lt;br&gt;%4&lt;br&gt;%5, %6</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>does not fit</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>hours</translation>
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
        <translation>Instance</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Machines</source>
        <translation>Machines</translation>
    </message>
    <message>
        <source>Commitment by month</source>
        <translation>Commitment by month</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>Items</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Cost</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>Utilisation</translation>
    </message>
    <message numerus="yes">
        <source>Exact (%n unit(s))</source>
        <translation>
            <numerusform>Exact (%n unit)</numerusform>
            <numerusform>Exact (%n units)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Greedy (%n unit(s))</source>
        <translation>
            <numerusform>Greedy (%n unit)</numerusform>
            <numerusform>Greedy (%n units)</numerusform>
        </translation>
    </message>
    <message>
        <source>Spot, not shared</source>
        <translation>Spot, not shared</translation>
    </message>
    <message numerus="yes">
        <source>Placement: exact. Every way of putting the pool&apos;s %n machine unit(s) on machines was tried.</source>
        <translation>
            <numerusform>Placement: exact. Every way of putting the pool&apos;s %n machine unit on machines was tried.</numerusform>
            <numerusform>Placement: exact. Every way of putting the pool&apos;s %n machine units on machines was tried.</numerusform>
        </translation>
    </message>
    <message>
        <source>Placement: greedy. The pool has %1 machine units, more than the %2 tried every way: its hours are stacked onto machines, or each unit kept on its own machine when that bills less.</source>
        <translation>Placement: greedy. The pool has %1 machine units, more than the %2 tried every way: its hours are stacked onto machines, or each unit kept on its own machine when that bills less.</translation>
    </message>
    <message>
        <source>Placement: spot machines, billed by the item&apos;s own hours and not shared.</source>
        <translation>Placement: spot machines, billed by the item&apos;s own hours and not shared.</translation>
    </message>
</context>
<context>
    <name>gpui::BudgetReport</name>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>Items</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instance</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Machines</source>
        <translation>Machines</translation>
    </message>
    <message>
        <source>Spend</source>
        <translation>Spend</translation>
    </message>
    <message>
        <source>Alone</source>
        <translation>Alone</translation>
    </message>
    <message>
        <source>kWh</source>
        <translation>kWh</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation>Fleet</translation>
    </message>
    <message>
        <source>Commitment by month</source>
        <translation>Commitment by month</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Cost</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>Utilisation</translation>
    </message>
    <message>
        <source>Months</source>
        <translation>Months</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>Month</translation>
    </message>
    <message>
        <source>Cumulative</source>
        <translation>Cumulative</translation>
    </message>
    <message>
        <source>kg CO2</source>
        <translation>kg CO2</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>Placement</translation>
    </message>
</context>
<context>
    <name>gpui::BudgetSpendChart</name>
    <message>
        <source>Spend by month</source>
        <translation>Spend by month</translation>
    </message>
    <message>
        <source>Unused commitment</source>
        <translation>Unused commitment</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>Month</translation>
    </message>
    <message>
        <source>Spend (%1)</source>
        <translation>Spend (%1)</translation>
    </message>
    <message>
        <source>Monthly cap</source>
        <translation>Monthly cap</translation>
    </message>
    <message>
        <source>Total cap breaks: month %1</source>
        <translation>Total cap breaks: month %1</translation>
    </message>
    <message>
        <source>Monthly cap breaks: month %1</source>
        <translation>Monthly cap breaks: month %1</translation>
    </message>
</context>
<context>
    <name>gpui::BudgetTimeline</name>
    <message>
        <source>failed: %1</source>
        <translation>failed: %1</translation>
    </message>
    <message>
        <source>not placed under the stock</source>
        <translation>not placed under the stock</translation>
    </message>
</context>
<context>
    <name>gpui::BudgetView</name>
    <message>
        <source>Open Budget</source>
        <translation>Open Budget</translation>
    </message>
    <message>
        <source>Budgets (*.gpubudget);;All files (*)</source>
        <translation>Budgets (*.gpubudget);;All files (*)</translation>
    </message>
    <message>
        <source>Every item</source>
        <translation>Every item</translation>
    </message>
    <message>
        <source>As in the budget</source>
        <translation>As in the budget</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Computing…</translation>
    </message>
    <message>
        <source>%1 over %2 months</source>
        <translation>%1 over %2 months</translation>
    </message>
    <message>
        <source>, and %1 of reservations past the horizon</source>
        <translation>, and %1 of reservations past the horizon</translation>
    </message>
    <message>
        <source>. Billed alone the items would cost %1; sharing machines saves %2.</source>
        <translation>. Billed alone the items would cost %1; sharing machines saves %2.</translation>
    </message>
    <message numerus="yes">
        <source> %n item(s) failed.</source>
        <translation>
            <numerusform> %n item failed.</numerusform>
            <numerusform> %n items failed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> %n item(s) cannot be placed under the stock.</source>
        <translation>
            <numerusform> %n item cannot be placed under the stock.</numerusform>
            <numerusform> %n items cannot be placed under the stock.</numerusform>
        </translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Failed: %1</translation>
    </message>
    <message>
        <source>No stock for it in the allowed regions</source>
        <translation>No stock for it in the allowed regions</translation>
    </message>
    <message>
        <source>No stock for it in the allowed regions; %1 would take it</source>
        <translation>No stock for it in the allowed regions; %1 would take it</translation>
    </message>
    <message>
        <source>Moved from %1: %2</source>
        <translation>Moved from %1: %2</translation>
    </message>
    <message>
        <source>sold out</source>
        <translation>sold out</translation>
    </message>
    <message>
        <source>over the stock or quota</source>
        <translation>over the stock or quota</translation>
    </message>
    <message>
        <source>on spot machines</source>
        <translation>on spot machines</translation>
    </message>
    <message>
        <source>The total cap of %1 breaks in month %2 (%3 by then; %4 over by the end).</source>
        <translation>The total cap of %1 breaks in month %2 (%3 by then; %4 over by the end).</translation>
    </message>
    <message>
        <source>The monthly cap of %1 breaks in month %2 (%3, %4 over).</source>
        <translation>The monthly cap of %1 breaks in month %2 (%3, %4 over).</translation>
    </message>
    <message>
        <source>Buying %1 × %2: rent %3 over the horizon against %4 in cash (%5 after depreciation).</source>
        <translation>Buying %1 × %2: rent %3 over the horizon against %4 in cash (%5 after depreciation).</translation>
    </message>
    <message>
        <source>Owning never pays off.</source>
        <translation>Owning never pays off.</translation>
    </message>
    <message>
        <source>Owning pays off in month %1, past the horizon.</source>
        <translation>Owning pays off in month %1, past the horizon.</translation>
    </message>
    <message>
        <source>Owning pays off in month %1.</source>
        <translation>Owning pays off in month %1.</translation>
    </message>
    <message>
        <source>Answered in %1</source>
        <translation>Answered in %1</translation>
    </message>
    <message>
        <source>Energy: %1 kWh at the wall, %2 t CO2.</source>
        <translation>Energy: %1 kWh at the wall, %2 t CO2.</translation>
    </message>
    <message>
        <source>Export Budget CSV</source>
        <translation>Export Budget CSV</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export Budget PDF</source>
        <translation>Export Budget PDF</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>&amp;Open Budget…</source>
        <translation>&amp;Open Budget…</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>Export &amp;CSV…</translation>
    </message>
    <message>
        <source>Export &amp;PDF…</source>
        <translation>Export &amp;PDF…</translation>
    </message>
    <message>
        <source>What if &amp;item:</source>
        <translation>What if &amp;item:</translation>
    </message>
    <message>
        <source>&amp;Traffic ×</source>
        <translation>&amp;Traffic ×</translation>
    </message>
    <message>
        <source>&amp;Later by (months):</source>
        <translation>&amp;Later by (months):</translation>
    </message>
    <message>
        <source>&amp;Region:</source>
        <translation>&amp;Region:</translation>
    </message>
    <message>
        <source>%1 cancelled: nothing was written</source>
        <translation>%1 cancelled: nothing was written</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>Exported %1</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 failed: %2</translation>
    </message>
    <message>
        <source>Budget answer</source>
        <translation>Budget answer</translation>
    </message>
</context>
<context>
    <name>gpui::CandidateListModel</name>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>Not in the catalog: %1</source>
        <translation>Not in the catalog: %1</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>%1 (quote)</source>
        <translation>%1 (quote)</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/a</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidate</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs/node</source>
        <translation>GPUs/node</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Nodes</translation>
    </message>
    <message>
        <source>Price / h</source>
        <translation>Price / h</translation>
    </message>
    <message>
        <source>Nodes of this candidate; auto lets the planner choose up to Max nodes. Double-click to edit.</source>
        <translation>Nodes of this candidate; auto lets the planner choose up to Max nodes. Double-click to edit.</translation>
    </message>
    <message>
        <source>GPUs in each machine. Double-click to edit.</source>
        <translation>GPUs in each machine. Double-click to edit.</translation>
    </message>
    <message>
        <source>%1 (on-premise machine)</source>
        <translation>%1 (on-premise machine)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (%2, %3/%4 of the SMs, %5 per GPU)</source>
        <translation>%1 (%2, %3/%4 of the SMs, %5 per GPU)</translation>
    </message>
    <message>
        <source>A MIG slice is one GPU&apos;s: set GPUs per node to 1 to slice this machine&apos;s GPU.</source>
        <translation>A MIG slice is one GPU&apos;s: set GPUs per node to 1 to slice this machine&apos;s GPU.</translation>
    </message>
    <message>
        <source>This GPU has no MIG profiles in the catalog.</source>
        <translation>This GPU has no MIG profiles in the catalog.</translation>
    </message>
    <message>
        <source>A MIG slice of the GPU: one serving replica per slice, priced at the slice&apos;s share of the GPU. Double-click or press F2 to choose.</source>
        <translation>A MIG slice of the GPU: one serving replica per slice, priced at the slice&apos;s share of the GPU. Double-click or press F2 to choose.</translation>
    </message>
    <message>
        <source>whole GPU</source>
        <translation>whole GPU</translation>
    </message>
    <message>
        <source>MIG slice</source>
        <translation>MIG slice</translation>
    </message>
</context>
<context>
    <name>gpui::CandidatesPanel</name>
    <message>
        <source>Instances and machines the planner compares. An empty list compares every catalog instance.</source>
        <translation>Instances and machines the planner compares. An empty list compares every catalog instance.</translation>
    </message>
    <message>
        <source>Choose from Catalog…</source>
        <translation>Choose from Catalog…</translation>
    </message>
    <message>
        <source>Add On-Premise Machine…</source>
        <translation>Add On-Premise Machine…</translation>
    </message>
    <message>
        <source>Edit Price…</source>
        <translation>Edit Price…</translation>
    </message>
    <message>
        <source>Enter your own quote; it is saved to your catalog overrides</source>
        <translation>Enter your own quote; it is saved to your catalog overrides</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <source>Choose candidates</source>
        <translation>Choose candidates</translation>
    </message>
    <message>
        <source>Add on-premise machine</source>
        <translation>Add on-premise machine</translation>
    </message>
    <message>
        <source>Edit on-premise machine</source>
        <translation>Edit on-premise machine</translation>
    </message>
    <message>
        <source>%1 is not in the catalog.</source>
        <translation>%1 is not in the catalog.</translation>
    </message>
    <message>
        <source>Could not save the price: %1</source>
        <translation>Could not save the price: %1</translation>
    </message>
    <message>
        <source>Remove candidate</source>
        <translation>Remove candidate</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>Change nodes</source>
        <translation>Change nodes</translation>
    </message>
    <message>
        <source>Change GPUs per node</source>
        <translation>Change GPUs per node</translation>
    </message>
    <message>
        <source>whole GPU</source>
        <translation>whole GPU</translation>
    </message>
    <message>
        <source>Choose MIG slice</source>
        <translation>Choose MIG slice</translation>
    </message>
</context>
<context>
    <name>gpui::CatalogDialog</name>
    <message>
        <source>Choose Candidate Instances</source>
        <translation>Choose Candidate Instances</translation>
    </message>
    <message>
        <source>All providers</source>
        <translation>All providers</translation>
    </message>
    <message>
        <source>Filter by instance or GPU, e.g. A100</source>
        <translation>Filter by instance or GPU, e.g. A100</translation>
    </message>
    <message>
        <source>≥ </source>
        <translation>≥ </translation>
    </message>
    <message>
        <source> GiB/GPU</source>
        <translation> GiB/GPU</translation>
    </message>
    <message>
        <source>Any memory</source>
        <translation>Any memory</translation>
    </message>
    <message>
        <source>≤ </source>
        <translation>≤ </translation>
    </message>
    <message>
        <source> / h</source>
        <translation> / h</translation>
    </message>
    <message>
        <source>Any price</source>
        <translation>Any price</translation>
    </message>
    <message>
        <source>Chosen only</source>
        <translation>Chosen only</translation>
    </message>
    <message>
        <source>Clear Choice</source>
        <translation>Clear Choice</translation>
    </message>
    <message>
        <source>%1 chosen · %2 of %3 shown</source>
        <translation>%1 chosen · %2 of %3 shown</translation>
    </message>
    <message>
        <source>Choose All Shown</source>
        <translation>Choose All Shown</translation>
    </message>
    <message>
        <source>Add every instance the filters show to the choice</source>
        <translation>Add every instance the filters show to the choice</translation>
    </message>
    <message>
        <source>Show prices for this region of the chosen provider; instances without a price there are hidden unless chosen</source>
        <translation>Show prices for this region of the chosen provider; instances without a price there are hidden unless chosen</translation>
    </message>
    <message>
        <source>Choose a provider for its regions</source>
        <translation>Choose a provider for its regions</translation>
    </message>
    <message>
        <source>Reference region</source>
        <translation>Reference region</translation>
    </message>
    <message>
        <source>Reference region (%1)</source>
        <translation>Reference region (%1)</translation>
    </message>
    <message>
        <source>Hide sold-out sizes</source>
        <translation>Hide sold-out sizes</translation>
    </message>
</context>
<context>
    <name>gpui::CatalogModel</name>
    <message>
        <source>%1, %2 (as of %3)</source>
        <translation>%1, %2 (as of %3)</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/a</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instance</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>Memory / GPU</translation>
    </message>
    <message>
        <source>vCPUs</source>
        <translation>vCPUs</translation>
    </message>
    <message>
        <source>Host RAM</source>
        <translation>Host RAM</translation>
    </message>
    <message>
        <source>GPU link</source>
        <translation>GPU link</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Network</translation>
    </message>
    <message>
        <source>Price / h</source>
        <translation>Price / h</translation>
    </message>
    <message>
        <source>Monthly</source>
        <translation>Monthly</translation>
    </message>
    <message>
        <source>Price source</source>
        <translation>Price source</translation>
    </message>
    <message>
        <source>No price in %1; the price shown is for %2.</source>
        <translation>No price in %1; the price shown is for %2.</translation>
    </message>
    <message>
        <source>no price in %1 (%2 shown)</source>
        <translation>no price in %1 (%2 shown)</translation>
    </message>
    <message>
        <source>%1 (zone %2)</source>
        <translation>%1 (zone %2)</translation>
    </message>
    <message>
        <source>Price region</source>
        <translation>Price region</translation>
    </message>
    <message>
        <source>sold out</source>
        <translation>sold out</translation>
    </message>
    <message>
        <source>limited</source>
        <translation>limited</translation>
    </message>
    <message>
        <source>in stock</source>
        <translation>in stock</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <source>in stock in %1 of %2 zones</source>
        <translation>in stock in %1 of %2 zones</translation>
    </message>
    <message>
        <source>Stock</source>
        <translation>Stock</translation>
    </message>
</context>
<context>
    <name>gpui::CatalogStore</name>
    <message>
        <source>Edit price of %1</source>
        <translation>Edit price of %1</translation>
    </message>
    <message>
        <source>Use catalog price of %1</source>
        <translation>Use catalog price of %1</translation>
    </message>
    <message>
        <source>Import cloud prices from %1</source>
        <translation>Import cloud prices from %1</translation>
    </message>
</context>
<context>
    <name>gpui::ChartView</name>
    <message>
        <source>Save Chart</source>
        <translation>Save Chart</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG image (*.png);;SVG drawing (*.svg)</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>Could not save %1: %2</translation>
    </message>
    <message>
        <source>Copy Image</source>
        <translation>Copy Image</translation>
    </message>
    <message>
        <source>Save as PNG or SVG…</source>
        <translation>Save as PNG or SVG…</translation>
    </message>
    <message>
        <source>cannot encode the PNG image</source>
        <translation>cannot encode the PNG image</translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation>Zoom In</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>Zoom Out</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>Reset Zoom</translation>
    </message>
</context>
<context>
    <name>gpui::CloudImportDialog</name>
    <message>
        <source>Import Cloud Prices</source>
        <translation>Import Cloud Prices</translation>
    </message>
    <message>
        <source>Save what one of these commands prints (JSON) on any machine with your cloud account, then import it here. Sizes, prices and stock per zone go into your catalog overrides, for every plan; this program never connects to the network.&lt;br&gt;&lt;tt&gt;tccli cvm DescribeZoneInstanceConfigInfos&lt;/tt&gt;, &lt;tt&gt;tccli cvm InquiryPriceRunInstances&lt;/tt&gt;, &lt;tt&gt;aws ec2 describe-instance-types&lt;/tt&gt;, &lt;tt&gt;aws pricing get-products --service-code AmazonEC2&lt;/tt&gt;, &lt;tt&gt;aliyun ecs DescribeInstanceTypes&lt;/tt&gt;, &lt;tt&gt;aliyun ecs DescribeAvailableResource&lt;/tt&gt;, &lt;tt&gt;aliyun ecs DescribePrice&lt;/tt&gt;</source>
        <translation>Save what one of these commands prints (JSON) on any machine with your cloud account, then import it here. Sizes, prices and stock per zone go into your catalog overrides, for every plan; this program never connects to the network.&lt;br&gt;&lt;tt&gt;tccli cvm DescribeZoneInstanceConfigInfos&lt;/tt&gt;, &lt;tt&gt;tccli cvm InquiryPriceRunInstances&lt;/tt&gt;, &lt;tt&gt;aws ec2 describe-instance-types&lt;/tt&gt;, &lt;tt&gt;aws pricing get-products --service-code AmazonEC2&lt;/tt&gt;, &lt;tt&gt;aliyun ecs DescribeInstanceTypes&lt;/tt&gt;, &lt;tt&gt;aliyun ecs DescribeAvailableResource&lt;/tt&gt;, &lt;tt&gt;aliyun ecs DescribePrice&lt;/tt&gt;</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Browse…</translation>
    </message>
    <message>
        <source>Cloud Listing</source>
        <translation>Cloud Listing</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON files (*.json);;All files (*)</translation>
    </message>
    <message>
        <source>As the file says</source>
        <translation>As the file says</translation>
    </message>
    <message>
        <source>CNY (China site)</source>
        <translation>CNY (China site)</translation>
    </message>
    <message>
        <source>USD (international site)</source>
        <translation>USD (international site)</translation>
    </message>
    <message>
        <source>Tencent&apos;s listings do not say their currency: CNY on the China site, USD on the international site</source>
        <translation>Tencent&apos;s listings do not say their currency: CNY on the China site, USD on the international site</translation>
    </message>
    <message>
        <source>For a quote that does not name its instance (InquiryPriceRunInstances, DescribePrice)</source>
        <translation>For a quote that does not name its instance (InquiryPriceRunInstances, DescribePrice)</translation>
    </message>
    <message>
        <source>every region in the file, e.g. ap-guangzhou</source>
        <translation>every region in the file, e.g. ap-guangzhou</translation>
    </message>
    <message>
        <source>hourly quote</source>
        <translation>hourly quote</translation>
    </message>
    <message>
        <source> months</source>
        <translation> months</translation>
    </message>
    <message>
        <source>For a prepaid quote: the period it is the total for</source>
        <translation>For a prepaid quote: the period it is the total for</translation>
    </message>
    <message>
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Currency</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instance</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Prepaid period</source>
        <translation>Prepaid period</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Import</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n price(s), </source>
        <translation>
            <numerusform>%1: %n price, </numerusform>
            <numerusform>%1: %n prices, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stock listing(s), </source>
        <translation>
            <numerusform>%n stock listing, </numerusform>
            <numerusform>%n stock listings, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new instance(s).</source>
        <translation>
            <numerusform>%n new instance.</numerusform>
            <numerusform>%n new instances.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: unknown GPU &quot;%2&quot;; left out.</source>
        <translation>%1: unknown GPU &quot;%2&quot;; left out.</translation>
    </message>
    <message>
        <source>%1: unknown instance family &quot;%2&quot;; left out.</source>
        <translation>%1: unknown instance family &quot;%2&quot;; left out.</translation>
    </message>
    <message>
        <source>%1 is not in the catalog; import the listing of its size first.</source>
        <translation>%1 is not in the catalog; import the listing of its size first.</translation>
    </message>
    <message>
        <source>%1: %2 of a GPU (vGPU) is not a whole GPU; left out.</source>
        <translation>%1: %2 of a GPU (vGPU) is not a whole GPU; left out.</translation>
    </message>
    <message>
        <source>%1: your own quote was replaced by the imported price.</source>
        <translation>%1: your own quote was replaced by the imported price.</translation>
    </message>
    <message>
        <source>%1: prices differ by zone; the lowest (%2) is used.</source>
        <translation>%1: prices differ by zone; the lowest (%2) is used.</translation>
    </message>
    <message>
        <source>Nothing was imported; your overrides are unchanged.

%1</source>
        <translation>Nothing was imported; your overrides are unchanged.

%1</translation>
    </message>
    <message>
        <source>Nothing to import; your overrides are unchanged.

%1</source>
        <translation>Nothing to import; your overrides are unchanged.

%1</translation>
    </message>
</context>
<context>
    <name>gpui::ComparisonModel</name>
    <message>
        <source>Memory each GPU needs, including CUDA runtime (what nvidia-smi shows)</source>
        <translation>Memory each GPU needs, including CUDA runtime (what nvidia-smi shows)</translation>
    </message>
    <message>
        <source>Usable memory left per GPU after the plan&apos;s safety margin; negative means it does not fit</source>
        <translation>Usable memory left per GPU after the plan&apos;s safety margin; negative means it does not fit</translation>
    </message>
    <message>
        <source>Model FLOPs utilization: model FLOPs / (GPUs x dense peak x time)</source>
        <translation>Model FLOPs utilization: model FLOPs / (GPUs x dense peak x time)</translation>
    </message>
    <message>
        <source>Wall-clock time to process the plan&apos;s training tokens</source>
        <translation>Wall-clock time to process the plan&apos;s training tokens</translation>
    </message>
    <message>
        <source>Price per hour of the whole candidate (all nodes), pay-as-you-go</source>
        <translation>Price per hour of the whole candidate (all nodes), pay-as-you-go</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidate</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Nodes</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>Memory / GPU</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>Headroom</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Fits</translation>
    </message>
    <message>
        <source>Decode tokens/s</source>
        <translation>Decode tokens/s</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>Days</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU-hours</translation>
    </message>
    <message>
        <source>Price / h (%1)</source>
        <translation>Price / h (%1)</translation>
    </message>
    <message>
        <source>Pay-as-you-go</source>
        <translation>Pay-as-you-go</translation>
    </message>
    <message>
        <source>Monthly</source>
        <translation>Monthly</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>Reserved</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>Spot</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>Bottleneck</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnings</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Yes</translation>
    </message>
    <message>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/a</translation>
    </message>
    <message>
        <source>%1 (+%2 more)</source>
        <translation>%1 (+%2 more)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Total: %1 (usable %2 of %3)</source>
        <translation>Total: %1 (usable %2 of %3)</translation>
    </message>
    <message>
        <source>Suggestion: %1</source>
        <translation>Suggestion: %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Step %1: compute %2, intra-node %3, network %4, offload %5, data %6</source>
        <translation>Step %1: compute %2, intra-node %3, network %4, offload %5, data %6</translation>
    </message>
    <message>
        <source>Cost / M tokens</source>
        <translation>Cost / M tokens</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Cost</translation>
    </message>
    <message>
        <source>Copies of the model behind a load balancer, each on tensor x pipeline GPUs</source>
        <translation>Copies of the model behind a load balancer, each on tensor x pipeline GPUs</translation>
    </message>
    <message>
        <source>Requests in flight on each replica at the operating point</source>
        <translation>Requests in flight on each replica at the operating point</translation>
    </message>
    <message>
        <source>Mean time to first token at the operating point (queueing and prefill)</source>
        <translation>Mean time to first token at the operating point (queueing and prefill)</translation>
    </message>
    <message>
        <source>Mean time per output token after the first (inter-token latency)</source>
        <translation>Mean time per output token after the first (inter-token latency)</translation>
    </message>
    <message>
        <source>Output tokens per second of one replica, all its requests together</source>
        <translation>Output tokens per second of one replica, all its requests together</translation>
    </message>
    <message>
        <source>What caps each replica&apos;s operating point</source>
        <translation>What caps each replica&apos;s operating point</translation>
    </message>
    <message>
        <source>Whether the operating point meets the plan&apos;s latency targets</source>
        <translation>Whether the operating point meets the plan&apos;s latency targets</translation>
    </message>
    <message>
        <source>Cost of the deployment per million generated tokens</source>
        <translation>Cost of the deployment per million generated tokens</translation>
    </message>
    <message>
        <source>The deployment&apos;s monthly bill: always on, or the hours the plan&apos;s requests per month need</source>
        <translation>The deployment&apos;s monthly bill: always on, or the hours the plan&apos;s requests per month need</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>Replicas</translation>
    </message>
    <message>
        <source>Concurrency / replica</source>
        <translation>Concurrency / replica</translation>
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
        <translation>Output tokens/s / replica</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>Limit</translation>
    </message>
    <message>
        <source>Meets SLO</source>
        <translation>Meets SLO</translation>
    </message>
    <message>
        <source>Cost / M output tokens</source>
        <translation>Cost / M output tokens</translation>
    </message>
    <message>
        <source>Monthly cost</source>
        <translation>Monthly cost</translation>
    </message>
    <message>
        <source>%1 output tokens/s per replica, %2 for all %3 replicas; %4 requests/s</source>
        <translation>%1 output tokens/s per replica, %2 for all %3 replicas; %4 requests/s</translation>
    </message>
    <message>
        <source>%1 requests in flight per replica; the KV cache holds %2 of full length (%3 tokens)</source>
        <translation>%1 requests in flight per replica; the KV cache holds %2 of full length (%3 tokens)</translation>
    </message>
    <message>
        <source>Monthly billing costs less than pay-as-you-go above %1 hours a month</source>
        <translation>Monthly billing costs less than pay-as-you-go above %1 hours a month</translation>
    </message>
    <message>
        <source>Memory each GPU keeps outside the engine&apos;s gpu_memory_utilization share: the KV cache fills the share; negative means the engine does not start</source>
        <translation>Memory each GPU keeps outside the engine&apos;s gpu_memory_utilization share: the KV cache fills the share; negative means the engine does not start</translation>
    </message>
    <message>
        <source>not evaluated</source>
        <translation>not evaluated</translation>
    </message>
    <message>
        <source>No network figure</source>
        <translation>No network figure</translation>
    </message>
    <message>
        <source>Prefill and decode pools apart: prefill replicas : decode replicas (empty: aggregated)</source>
        <translation>Prefill and decode pools apart: prefill replicas : decode replicas (empty: aggregated)</translation>
    </message>
    <message>
        <source>Time one request&apos;s KV cache takes from its prefill replica to its decode replica</source>
        <translation>Time one request&apos;s KV cache takes from its prefill replica to its decode replica</translation>
    </message>
    <message>
        <source>P:D</source>
        <translation>P:D</translation>
    </message>
    <message>
        <source>KV transfer</source>
        <translation>KV transfer</translation>
    </message>
    <message>
        <source>99th percentile of the time to first token: one request in a hundred waits longer (queueing, prompt length spread)</source>
        <translation>99th percentile of the time to first token: one request in a hundred waits longer (queueing, prompt length spread)</translation>
    </message>
    <message>
        <source>99th percentile of the time per output token over requests: the requests whose decode shares the most steps with other prompts</source>
        <translation>99th percentile of the time per output token over requests: the requests whose decode shares the most steps with other prompts</translation>
    </message>
    <message>
        <source>TTFT p99</source>
        <translation>TTFT p99</translation>
    </message>
    <message>
        <source>TPOT p99</source>
        <translation>TPOT p99</translation>
    </message>
    <message>
        <source>%1:%2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <source>LoRA adapters each replica keeps in GPU slots, of those the requests use (empty: none)</source>
        <translation>LoRA adapters each replica keeps in GPU slots, of those the requests use (empty: none)</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA adapters</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>no price</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1: %2.</translation>
    </message>
</context>
<context>
    <name>gpui::ComparisonView</name>
    <message>
        <source>Columns</source>
        <translation>Columns</translation>
    </message>
    <message>
        <source>Only Candidates That Fit</source>
        <translation>Only Candidates That Fit</translation>
    </message>
    <message>
        <source>Reset Sorting</source>
        <translation>Reset Sorting</translation>
    </message>
</context>
<context>
    <name>gpui::Evaluator</name>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 failed: %2</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>Evaluation</translation>
    </message>
</context>
<context>
    <name>gpui::FrontierView</name>
    <message>
        <source>%1 (does not fit)</source>
        <translation>%1 (does not fit)</translation>
    </message>
    <message>
        <source>No configuration of this candidate fits.</source>
        <translation>No configuration of this candidate fits.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 GPUs (%n node(s) of %3)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %2 GPUs (%n node of %3)</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %2 GPUs (%n nodes of %3)</numerusform>
        </translation>
    </message>
    <message>
        <source>Memory per GPU: %1 of %2 usable (%3)</source>
        <translation>Memory per GPU: %1 of %2 usable (%3)</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>fits</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>does not fit</translation>
    </message>
    <message>
        <source>Time to finish: %1</source>
        <translation>Time to finish: %1</translation>
    </message>
    <message>
        <source>Throughput: %1 tokens/s, MFU %2</source>
        <translation>Throughput: %1 tokens/s, MFU %2</translation>
    </message>
    <message>
        <source>Decode: %1 tokens/s</source>
        <translation>Decode: %1 tokens/s</translation>
    </message>
    <message>
        <source>Bottleneck: %1</source>
        <translation>Bottleneck: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Cost-Time Frontier</source>
        <translation>Cost-Time Frontier</translation>
    </message>
    <message>
        <source>&amp;Candidate:</source>
        <translation>&amp;Candidate:</translation>
    </message>
    <message>
        <source>Largest overhead: %1</source>
        <translation>Largest overhead: %1</translation>
    </message>
    <message>
        <source>Show &amp;all configurations</source>
        <translation>Show &amp;all configurations</translation>
    </message>
    <message>
        <source>Frame every configuration that fits; unchecked, the chart frames the frontier and the chosen configuration</source>
        <translation>Frame every configuration that fits; unchecked, the chart frames the frontier and the chosen configuration</translation>
    </message>
    <message>
        <source>&amp;Logarithmic axes</source>
        <translation>&amp;Logarithmic axes</translation>
    </message>
    <message>
        <source>Each point is a configuration that fits (nodes, ZeRO stage, checkpointing, micro-batch, parallelism); the line joins those nothing else beats on both cost and time. Hover a point to name it, click it to see its result. Zoom with the wheel or + and -, pan by dragging or with the arrow keys, 0 resets.</source>
        <translation>Each point is a configuration that fits (nodes, ZeRO stage, checkpointing, micro-batch, parallelism); the line joins those nothing else beats on both cost and time. Hover a point to name it, click it to see its result. Zoom with the wheel or + and -, pan by dragging or with the arrow keys, 0 resets.</translation>
    </message>
</context>
<context>
    <name>gpui::HelpDialog</name>
    <message>
        <source>GPU Planner Manual</source>
        <translation>GPU Planner Manual</translation>
    </message>
</context>
<context>
    <name>gpui::InputsPanel</name>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Custom size (parameters only)</source>
        <translation>Custom size (parameters only)</translation>
    </message>
    <message>
        <source>Search models…</source>
        <translation>Search models…</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Preset</translation>
    </message>
    <message>
        <source>e.g. 7B, 70e9</source>
        <translation>e.g. 7B, 70e9</translation>
    </message>
    <message>
        <source>Number of parameters; K, M, B and T suffixes are understood</source>
        <translation>Number of parameters; K, M, B and T suffixes are understood</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameters</translation>
    </message>
    <message>
        <source>Import config.json…</source>
        <translation>Import config.json…</translation>
    </message>
    <message>
        <source>Read a Hugging Face config.json (or drop one on the window)</source>
        <translation>Read a Hugging Face config.json (or drop one on the window)</translation>
    </message>
    <message>
        <source>Not a parameter count: write e.g. 7B or 6.7e9</source>
        <translation>Not a parameter count: write e.g. 7B or 6.7e9</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Workload</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Mode</translation>
    </message>
    <message>
        <source>Technique</source>
        <translation>Technique</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Precision</translation>
    </message>
    <message>
        <source>Weight format</source>
        <translation>Weight format</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimizer</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>Activation checkpointing</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash attention</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA adapters</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Targets</source>
        <translation>Targets</translation>
    </message>
    <message>
        <source>Sequence, batch and data</source>
        <translation>Sequence, batch and data</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequence length</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Micro-batch</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>Gradient accumulation</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>Global batch</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>Sequences per optimizer step; auto = micro-batch x accumulation x data parallel</source>
        <translation>Sequences per optimizer step; auto = micro-batch x accumulation x data parallel</translation>
    </message>
    <message>
        <source> seq</source>
        <translation> seq</translation>
    </message>
    <message>
        <source>dataset tokens, e.g. 2B</source>
        <translation>dataset tokens, e.g. 2B</translation>
    </message>
    <message>
        <source>Tokens in the dataset; K, M, B and T suffixes are understood</source>
        <translation>Tokens in the dataset; K, M, B and T suffixes are understood</translation>
    </message>
    <message>
        <source> epochs</source>
        <translation> epochs</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Not a token count: write e.g. 2B or 350M</source>
        <translation>Not a token count: write e.g. 2B or 350M</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>Serving</translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation>Concurrent requests</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>Prompt tokens</translation>
    </message>
    <message>
        <source>Output tokens</source>
        <translation>Output tokens</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV cache</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>Parallelism</translation>
    </message>
    <message>
        <source>Let the planner choose</source>
        <translation>Let the planner choose</translation>
    </message>
    <message>
        <source>Per candidate, search node count, ZeRO stage, checkpointing, micro-batch and offload for the configuration that fits and best meets the objective</source>
        <translation>Per candidate, search node count, ZeRO stage, checkpointing, micro-batch and offload for the configuration that fits and best meets the objective</translation>
    </message>
    <message>
        <source>Max nodes</source>
        <translation>Max nodes</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>Data parallel</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>Tensor parallel</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>Pipeline parallel</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO stage</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>Offload</translation>
    </message>
    <message>
        <source>Objective and billing</source>
        <translation>Objective and billing</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>Objective</translation>
    </message>
    <message>
        <source> days</source>
        <translation> days</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>Deadline</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>CNY (¥)</source>
        <translation>CNY (¥)</translation>
    </message>
    <message>
        <source>USD ($)</source>
        <translation>USD ($)</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Currency</translation>
    </message>
    <message>
        <source>Imported: %1</source>
        <translation>Imported: %1</translation>
    </message>
    <message>
        <source>= %1 training tokens</source>
        <translation>= %1 training tokens</translation>
    </message>
    <message>
        <source>Enter the number of parameters, e.g. 7B</source>
        <translation>Enter the number of parameters, e.g. 7B</translation>
    </message>
    <message>
        <source>Choose at least one module for the adapters</source>
        <translation>Choose at least one module for the adapters</translation>
    </message>
    <message>
        <source>Enter the dataset size in tokens, e.g. 2B</source>
        <translation>Enter the dataset size in tokens, e.g. 2B</translation>
    </message>
    <message>
        <source>Change model</source>
        <translation>Change model</translation>
    </message>
    <message>
        <source>Change mode</source>
        <translation>Change mode</translation>
    </message>
    <message>
        <source>Change technique</source>
        <translation>Change technique</translation>
    </message>
    <message>
        <source>Change precision</source>
        <translation>Change precision</translation>
    </message>
    <message>
        <source>Change weight format</source>
        <translation>Change weight format</translation>
    </message>
    <message>
        <source>Change optimizer</source>
        <translation>Change optimizer</translation>
    </message>
    <message>
        <source>Change LoRA rank</source>
        <translation>Change LoRA rank</translation>
    </message>
    <message>
        <source>Change LoRA targets</source>
        <translation>Change LoRA targets</translation>
    </message>
    <message>
        <source>Change checkpointing</source>
        <translation>Change checkpointing</translation>
    </message>
    <message>
        <source>Toggle flash attention</source>
        <translation>Toggle flash attention</translation>
    </message>
    <message>
        <source>Change loss implementation</source>
        <translation>Change loss implementation</translation>
    </message>
    <message>
        <source>Change sequence length</source>
        <translation>Change sequence length</translation>
    </message>
    <message>
        <source>Change micro-batch</source>
        <translation>Change micro-batch</translation>
    </message>
    <message>
        <source>Change gradient accumulation</source>
        <translation>Change gradient accumulation</translation>
    </message>
    <message>
        <source>Change global batch</source>
        <translation>Change global batch</translation>
    </message>
    <message>
        <source>Change training tokens</source>
        <translation>Change training tokens</translation>
    </message>
    <message>
        <source>Change serving inputs</source>
        <translation>Change serving inputs</translation>
    </message>
    <message>
        <source>Toggle planner</source>
        <translation>Toggle planner</translation>
    </message>
    <message>
        <source>Change max nodes</source>
        <translation>Change max nodes</translation>
    </message>
    <message>
        <source>Change parallelism</source>
        <translation>Change parallelism</translation>
    </message>
    <message>
        <source>Change objective</source>
        <translation>Change objective</translation>
    </message>
    <message>
        <source>Change currency</source>
        <translation>Change currency</translation>
    </message>
    <message>
        <source>Change plan</source>
        <translation>Change plan</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>Import %1</translation>
    </message>
    <message>
        <source>Help on %1</source>
        <translation>Help on %1</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>Report</translation>
    </message>
    <message>
        <source>e.g. Qwen2.5-14B LoRA for the support bot</source>
        <translation>e.g. Qwen2.5-14B LoRA for the support bot</translation>
    </message>
    <message>
        <source>The plan&apos;s title: the PDF report&apos;s title, running header and file name use it</source>
        <translation>The plan&apos;s title: the PDF report&apos;s title, running header and file name use it</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Title</translation>
    </message>
    <message>
        <source>Spot instances (竞价实例) are cheaper but can be reclaimed: interruptions and restarts from the last checkpoint are added to the time</source>
        <translation>Spot instances (竞价实例) are cheaper but can be reclaimed: interruptions and restarts from the last checkpoint are added to the time</translation>
    </message>
    <message>
        <source>Monthly subscription (包年包月): whole months are paid</source>
        <translation>Monthly subscription (包年包月): whole months are paid</translation>
    </message>
    <message>
        <source>Pay-as-you-go (按量计费): billed per hour</source>
        <translation>Pay-as-you-go (按量计费): billed per hour</translation>
    </message>
    <message>
        <source>Billing modes</source>
        <translation>Billing modes</translation>
    </message>
    <message>
        <source>catalog default</source>
        <translation>catalog default</translation>
    </message>
    <message>
        <source> CNY per USD</source>
        <translation> CNY per USD</translation>
    </message>
    <message>
        <source>Converts prices quoted in another currency into the plan&apos;s currency</source>
        <translation>Converts prices quoted in another currency into the plan&apos;s currency</translation>
    </message>
    <message>
        <source> per day</source>
        <translation> per day</translation>
    </message>
    <message>
        <source>How often a spot instance is reclaimed; each interruption loses the work since the last checkpoint plus a restart</source>
        <translation>How often a spot instance is reclaimed; each interruption loses the work since the last checkpoint plus a restart</translation>
    </message>
    <message>
        <source> h</source>
        <translation> h</translation>
    </message>
    <message>
        <source>Hours between checkpoints: on average half of it is lost per interruption</source>
        <translation>Hours between checkpoints: on average half of it is lost per interruption</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>Cloud disk kept for the dataset and checkpoints for the length of the run</source>
        <translation>Cloud disk kept for the dataset and checkpoints for the length of the run</translation>
    </message>
    <message>
        <source>Exchange rate</source>
        <translation>Exchange rate</translation>
    </message>
    <message>
        <source>Spot interruptions</source>
        <translation>Spot interruptions</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>Checkpoint interval</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>Storage</translation>
    </message>
    <message>
        <source>Choose at least one billing mode</source>
        <translation>Choose at least one billing mode</translation>
    </message>
    <message>
        <source>Change title</source>
        <translation>Change title</translation>
    </message>
    <message>
        <source>Change billing modes</source>
        <translation>Change billing modes</translation>
    </message>
    <message>
        <source>Change billing</source>
        <translation>Change billing</translation>
    </message>
    <message>
        <source>%1 is out of range</source>
        <translation>%1 is out of range</translation>
    </message>
    <message>
        <source>The planner chooses this per candidate while &quot;Let the planner choose&quot; is on</source>
        <translation>The planner chooses this per candidate while &quot;Let the planner choose&quot; is on</translation>
    </message>
    <message>
        <source>With the planner on, only the global batch counts: micro-batch x accumulation x data parallel when Global batch is auto</source>
        <translation>With the planner on, only the global batch counts: micro-batch x accumulation x data parallel when Global batch is auto</translation>
    </message>
    <message numerus="yes">
        <source>Chosen by the planner for the recommendation, %1 (%n node(s), %2 GPUs): %3.</source>
        <translation>
            <numerusform>Chosen by the planner for the recommendation, %1 (%n node, %2 GPUs): %3.</numerusform>
            <numerusform>Chosen by the planner for the recommendation, %1 (%n nodes, %2 GPUs): %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>The planner chooses nodes, parallel split, ZeRO stage, offload, checkpointing and micro-batch per candidate.</source>
        <translation>The planner chooses nodes, parallel split, ZeRO stage, offload, checkpointing and micro-batch per candidate.</translation>
    </message>
    <message>
        <source>What the plan is for, what was agreed; printed under the report&apos;s title</source>
        <translation>What the plan is for, what was agreed; printed under the report&apos;s title</translation>
    </message>
    <message>
        <source>The plan&apos;s notes: the PDF report prints them on its first page</source>
        <translation>The plan&apos;s notes: the PDF report prints them on its first page</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <source>Notes: at most %1 characters, got %2.</source>
        <translation>Notes: at most %1 characters, got %2.</translation>
    </message>
    <message>
        <source>Change notes</source>
        <translation>Change notes</translation>
    </message>
    <message>
        <source>Inference batch</source>
        <translation>Inference batch</translation>
    </message>
    <message>
        <source>Requests per second</source>
        <translation>Requests per second</translation>
    </message>
    <message>
        <source>Max throughput</source>
        <translation>Max throughput</translation>
    </message>
    <message>
        <source>Concurrent requests: always this many in flight (N users); requests per second: an arrival rate the replicas must serve within the targets; max throughput: as many in flight as the engine takes (offline)</source>
        <translation>Concurrent requests: always this many in flight (N users); requests per second: an arrival rate the replicas must serve within the targets; max throughput: as many in flight as the engine takes (offline)</translation>
    </message>
    <message>
        <source> req/s</source>
        <translation> req/s</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Load</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Time to first token</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>Time per output token</translation>
    </message>
    <message>
        <source>Same as the precision</source>
        <translation>Same as the precision</translation>
    </message>
    <message>
        <source>Copies of the model (each tensor x pipeline GPUs) behind a load balancer; auto = as many as the load and targets need</source>
        <translation>Copies of the model (each tensor x pipeline GPUs) behind a load balancer; auto = as many as the load and targets need</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>Replicas</translation>
    </message>
    <message>
        <source>none (always on), e.g. 3M</source>
        <translation>none (always on), e.g. 3M</translation>
    </message>
    <message>
        <source>Requests a month, for the monthly bill; empty = the deployment runs all month. K, M, B suffixes are understood</source>
        <translation>Requests a month, for the monthly bill; empty = the deployment runs all month. K, M, B suffixes are understood</translation>
    </message>
    <message>
        <source>Requests per month</source>
        <translation>Requests per month</translation>
    </message>
    <message>
        <source>Advanced: serving engine</source>
        <translation>Advanced: serving engine</translation>
    </message>
    <message>
        <source>engine default</source>
        <translation>engine default</translation>
    </message>
    <message>
        <source>Share of GPU memory the engine takes; the KV cache gets what the weights, activations and runtime leave of it (vLLM&apos;s gpu_memory_utilization)</source>
        <translation>Share of GPU memory the engine takes; the KV cache gets what the weights, activations and runtime leave of it (vLLM&apos;s gpu_memory_utilization)</translation>
    </message>
    <message>
        <source>Requests batched together at most (vLLM&apos;s max_num_seqs)</source>
        <translation>Requests batched together at most (vLLM&apos;s max_num_seqs)</translation>
    </message>
    <message>
        <source>Tokens per engine step, the chunked-prefill budget (vLLM&apos;s max_num_batched_tokens)</source>
        <translation>Tokens per engine step, the chunked-prefill budget (vLLM&apos;s max_num_batched_tokens)</translation>
    </message>
    <message>
        <source>Share of prompt tokens found in the prefix cache: they skip prefill</source>
        <translation>Share of prompt tokens found in the prefix cache: they skip prefill</translation>
    </message>
    <message>
        <source>GPU memory utilization</source>
        <translation>GPU memory utilization</translation>
    </message>
    <message>
        <source>Max sequences</source>
        <translation>Max sequences</translation>
    </message>
    <message>
        <source>Max batched tokens</source>
        <translation>Max batched tokens</translation>
    </message>
    <message>
        <source>Prefix cache hit rate</source>
        <translation>Prefix cache hit rate</translation>
    </message>
    <message>
        <source>Enter requests per month, e.g. 3M, or leave it empty</source>
        <translation>Enter requests per month, e.g. 3M, or leave it empty</translation>
    </message>
    <message>
        <source>Change serving lengths</source>
        <translation>Change serving lengths</translation>
    </message>
    <message>
        <source>Change serving load</source>
        <translation>Change serving load</translation>
    </message>
    <message>
        <source>Change latency targets</source>
        <translation>Change latency targets</translation>
    </message>
    <message>
        <source>Change KV cache precision</source>
        <translation>Change KV cache precision</translation>
    </message>
    <message>
        <source>Change replicas</source>
        <translation>Change replicas</translation>
    </message>
    <message>
        <source>Change requests per month</source>
        <translation>Change requests per month</translation>
    </message>
    <message>
        <source>Change serving engine</source>
        <translation>Change serving engine</translation>
    </message>
    <message numerus="yes">
        <source>Chosen by the planner for the recommendation, %1 (%n node(s)): %2.</source>
        <translation>
            <numerusform>Chosen by the planner for the recommendation, %1 (%n node): %2.</numerusform>
            <numerusform>Chosen by the planner for the recommendation, %1 (%n nodes): %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>The planner chooses nodes, tensor and pipeline split and replicas per candidate.</source>
        <translation>The planner chooses nodes, tensor and pipeline split and replicas per candidate.</translation>
    </message>
    <message>
        <source>Context parallel</source>
        <translation>Context parallel</translation>
    </message>
    <message>
        <source>bf16 optimizer states</source>
        <translation>bf16 optimizer states</translation>
    </message>
    <message>
        <source>Partial recompute layers</source>
        <translation>Partial recompute layers</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>Pipeline schedule</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>Virtual stages</translation>
    </message>
    <message>
        <source>GPUs each sequence is split across (ring attention): a power of two dividing the sequence into 2 x this many equal chunks</source>
        <translation>GPUs each sequence is split across (ring attention): a power of two dividing the sequence into 2 x this many equal chunks</translation>
    </message>
    <message>
        <source> of %1 layers</source>
        <translation> of %1 layers</translation>
    </message>
    <message>
        <source>Keep the optimizer&apos;s moments in bf16 (2 bytes each instead of 4), as full-bf16 training does</source>
        <translation>Keep the optimizer&apos;s moments in bf16 (2 bytes each instead of 4), as full-bf16 training does</translation>
    </message>
    <message>
        <source>%1 keeps no fp32 optimizer moments, so bf16 states change nothing</source>
        <translation>%1 keeps no fp32 optimizer moments, so bf16 states change nothing</translation>
    </message>
    <message>
        <source>Layers fully recomputed in the backward pass (only their inputs kept); the others keep all their activations. The model&apos;s layer count recomputes every layer</source>
        <translation>Layers fully recomputed in the backward pass (only their inputs kept); the others keep all their activations. The model&apos;s layer count recomputes every layer</translation>
    </message>
    <message>
        <source>Partial recompute applies to full activation checkpointing only</source>
        <translation>Partial recompute applies to full activation checkpointing only</translation>
    </message>
    <message>
        <source>Applies with pipeline parallel 2 or more</source>
        <translation>Applies with pipeline parallel 2 or more</translation>
    </message>
    <message>
        <source>1F1B, interleaved (virtual stages shrink the bubble) or zero bubble; used by the layouts with a pipeline the planner chooses</source>
        <translation>1F1B, interleaved (virtual stages shrink the bubble) or zero bubble; used by the layouts with a pipeline the planner chooses</translation>
    </message>
    <message>
        <source>1F1B, interleaved (virtual stages shrink the bubble) or zero bubble</source>
        <translation>1F1B, interleaved (virtual stages shrink the bubble) or zero bubble</translation>
    </message>
    <message>
        <source>Virtual stages apply to the interleaved schedule only</source>
        <translation>Virtual stages apply to the interleaved schedule only</translation>
    </message>
    <message>
        <source>Model chunks per pipeline rank (2 or more): the bubble shrinks by this factor, pipeline sends grow by it</source>
        <translation>Model chunks per pipeline rank (2 or more): the bubble shrinks by this factor, pipeline sends grow by it</translation>
    </message>
    <message>
        <source>Change partial recompute</source>
        <translation>Change partial recompute</translation>
    </message>
    <message>
        <source>Toggle bf16 optimizer states</source>
        <translation>Toggle bf16 optimizer states</translation>
    </message>
    <message>
        <source>Reserved instances (预留实例券) are a commitment for their term: the discounted rate is paid for the whole term, used or not</source>
        <translation>Reserved instances (预留实例券) are a commitment for their term: the discounted rate is paid for the whole term, used or not</translation>
    </message>
    <message>
        <source>catalog default (%1)</source>
        <translation>catalog default (%1)</translation>
    </message>
    <message>
        <source> months</source>
        <translation> months</translation>
    </message>
    <message>
        <source>The reservation&apos;s term (预留实例券 期限): the discounted rate is paid for every hour of it, so a run shorter than the term pays for the unused hours too. The catalog&apos;s reserved discounts are quoted for a %1.</source>
        <translation>The reservation&apos;s term (预留实例券 期限): the discounted rate is paid for every hour of it, so a run shorter than the term pays for the unused hours too. The catalog&apos;s reserved discounts are quoted for a %1.</translation>
    </message>
    <message>
        <source>Reservation term</source>
        <translation>Reservation term</translation>
    </message>
    <message>
        <source>Change reservation term</source>
        <translation>Change reservation term</translation>
    </message>
    <message>
        <source>FP8 scaling</source>
        <translation>FP8 scaling</translation>
    </message>
    <message>
        <source>Applies to FP8 training only; choose FP8 as the precision</source>
        <translation>Applies to FP8 training only; choose FP8 as the precision</translation>
    </message>
    <message>
        <source>Change FP8 scaling</source>
        <translation>Change FP8 scaling</translation>
    </message>
    <message>
        <source>From Hugging Face cache…</source>
        <translation>From Hugging Face cache…</translation>
    </message>
    <message>
        <source>Pick a model downloaded with Hugging Face tools on this computer ($HF_HOME/hub, by default ~/.cache/huggingface/hub); read offline</source>
        <translation>Pick a model downloaded with Hugging Face tools on this computer ($HF_HOME/hub, by default ~/.cache/huggingface/hub); read offline</translation>
    </message>
    <message>
        <source>list prices</source>
        <translation>list prices</translation>
    </message>
    <message>
        <source> % off</source>
        <translation> % off</translation>
    </message>
    <message>
        <source>Your discount off the catalog&apos;s published and estimated prices (an enterprise agreement, a negotiated rate); quoted prices are what you pay already and are not discounted</source>
        <translation>Your discount off the catalog&apos;s published and estimated prices (an enterprise agreement, a negotiated rate); quoted prices are what you pay already and are not discounted</translation>
    </message>
    <message>
        <source>Price discount</source>
        <translation>Price discount</translation>
    </message>
    <message>
        <source>Change price discount</source>
        <translation>Change price discount</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>Attention kernel</translation>
    </message>
    <message>
        <source>Change attention kernel</source>
        <translation>Change attention kernel</translation>
    </message>
    <message>
        <source>Model chunks per pipeline rank (2 or more): the bubble shrinks by this factor, pipeline sends grow by it. The planner tries this count, 1 (1F1B) and the powers of two that split the layers evenly, and keeps the best</source>
        <translation>Model chunks per pipeline rank (2 or more): the bubble shrinks by this factor, pipeline sends grow by it. The planner tries this count, 1 (1F1B) and the powers of two that split the layers evenly, and keeps the best</translation>
    </message>
    <message>
        <source>FP8 all-gather (FSDP)</source>
        <translation>FP8 all-gather (FSDP)</translation>
    </message>
    <message>
        <source>Applies to ZeRO-3/FSDP, which gathers the weights; set ZeRO stage 3</source>
        <translation>Applies to ZeRO-3/FSDP, which gathers the weights; set ZeRO stage 3</translation>
    </message>
    <message>
        <source>Cast each rank&apos;s shard of the linear weights to FP8 before FSDP&apos;s all-gather: half the gathered bytes and a smaller gather buffer (torchtitan&apos;s FSDP float8 all-gather)</source>
        <translation>Cast each rank&apos;s shard of the linear weights to FP8 before FSDP&apos;s all-gather: half the gathered bytes and a smaller gather buffer (torchtitan&apos;s FSDP float8 all-gather)</translation>
    </message>
    <message>
        <source>Toggle FP8 all-gather</source>
        <translation>Toggle FP8 all-gather</translation>
    </message>
    <message>
        <source>How the casts to FP8 before each linear layer are scaled; MXFP8 needs a Blackwell GPU (others are estimated with tensorwise scaling); NVFP4 runs the MLP layers in 4-bit NVFP4 and the attention projections in FP8, on data-center Blackwell GPUs only (others are estimated with MXFP8 on Blackwell, tensorwise elsewhere)</source>
        <translation>How the casts to FP8 before each linear layer are scaled; MXFP8 needs a Blackwell GPU (others are estimated with tensorwise scaling); NVFP4 runs the MLP layers in 4-bit NVFP4 and the attention projections in FP8, on data-center Blackwell GPUs only (others are estimated with MXFP8 on Blackwell, tensorwise elsewhere)</translation>
    </message>
    <message>
        <source>Cast each rank&apos;s shard of the linear weights to FP8 before FSDP&apos;s all-gather; not used on the GPUs that run NVFP4 scaling, whose MLP layers take NVFP4 weights (they gather in 16-bit), used on the others, which fall back to an FP8 scaling</source>
        <translation>Cast each rank&apos;s shard of the linear weights to FP8 before FSDP&apos;s all-gather; not used on the GPUs that run NVFP4 scaling, whose MLP layers take NVFP4 weights (they gather in 16-bit), used on the others, which fall back to an FP8 scaling</translation>
    </message>
    <message>
        <source>%1: %2 is out of range</source>
        <translation>%1: %2 is out of range</translation>
    </message>
    <message>
        <source>Epochs: %1 is out of range</source>
        <translation>Epochs: %1 is out of range</translation>
    </message>
    <message>
        <source>Training details</source>
        <translation>Training details</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>Assumptions</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>Change %1</translation>
    </message>
    <message>
        <source>No model matches &quot;%1&quot;</source>
        <translation>No model matches &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Target for the time to first token, at the statistic &quot;Targets hold at&quot; names (the mean unless set); none = no target</source>
        <translation>Target for the time to first token, at the statistic &quot;Targets hold at&quot; names (the mean unless set); none = no target</translation>
    </message>
    <message>
        <source>Target for the time per output token after the first (inter-token latency), at the statistic &quot;Targets hold at&quot; names; none = no target</source>
        <translation>Target for the time per output token after the first (inter-token latency), at the statistic &quot;Targets hold at&quot; names; none = no target</translation>
    </message>
    <message>
        <source>Hybrid: %1 of %2 layers attend and keep a KV cache; %3 Gated DeltaNet and %4 Mamba2 layers keep a constant state per request</source>
        <translation>Hybrid: %1 of %2 layers attend and keep a KV cache; %3 Gated DeltaNet and %4 Mamba2 layers keep a constant state per request</translation>
    </message>
    <message numerus="yes">
        <source>%n models match &quot;%1&quot; (%2): type more of the name or pick one from the list</source>
        <translation>
            <numerusform>%n model matches &quot;%1&quot; (%2): type more of the name or pick one from the list</numerusform>
            <numerusform>%n models match &quot;%1&quot; (%2): type more of the name or pick one from the list</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpui::JobProgress</name>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Stop this job; nothing it would have written is written</source>
        <translation>Stop this job; nothing it would have written is written</translation>
    </message>
</context>
<context>
    <name>gpui::LaunchExportDialog</name>
    <message>
        <source>Export Launch Files</source>
        <translation>Export Launch Files</translation>
    </message>
    <message>
        <source>vLLM (vllm serve and its YAML config)</source>
        <translation>vLLM (vllm serve and its YAML config)</translation>
    </message>
    <message>
        <source>SGLang (one command per node)</source>
        <translation>SGLang (one command per node)</translation>
    </message>
    <message>
        <source>Kubernetes Deployment (TKE, ACK, EKS, GKE)</source>
        <translation>Kubernetes Deployment (TKE, ACK, EKS, GKE)</translation>
    </message>
    <message>
        <source>torchtitan (TOML and a torchrun command per node)</source>
        <translation>torchtitan (TOML and a torchrun command per node)</translation>
    </message>
    <message>
        <source>Megatron-LM (a torchrun command per node)</source>
        <translation>Megatron-LM (a torchrun command per node)</translation>
    </message>
    <message>
        <source>DeepSpeed (JSON config and the deepspeed launcher)</source>
        <translation>DeepSpeed (JSON config and the deepspeed launcher)</translation>
    </message>
    <message>
        <source>Hugging Face Trainer / TRL (YAML)</source>
        <translation>Hugging Face Trainer / TRL (YAML)</translation>
    </message>
    <message>
        <source>Kubernetes Job (TKE, ACK, EKS, GKE)</source>
        <translation>Kubernetes Job (TKE, ACK, EKS, GKE)</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Browse…</translation>
    </message>
    <message>
        <source>Export Launch Files To</source>
        <translation>Export Launch Files To</translation>
    </message>
    <message>
        <source>F&amp;older:</source>
        <translation>F&amp;older:</translation>
    </message>
    <message>
        <source>Each file starts with a header naming the plan, the recommended candidate and the numbers it was planned for. Files already in the folder with the same names are replaced.</source>
        <translation>Each file starts with a header naming the plan, the recommended candidate and the numbers it was planned for. Files already in the folder with the same names are replaced.</translation>
    </message>
    <message>
        <source>Wrote:
%1</source>
        <translation>Wrote:
%1</translation>
    </message>
    <message>
        <source>llama.cpp (a llama-server command)</source>
        <translation>llama.cpp (a llama-server command)</translation>
    </message>
</context>
<context>
    <name>gpui::LaunchImportDialog</name>
    <message>
        <source>Import Launch File</source>
        <translation>Import Launch File</translation>
    </message>
    <message numerus="yes">
        <source>%1 read as %2: %n field(s) used</source>
        <translation>
            <numerusform>%1 read as %2: %n field used</numerusform>
            <numerusform>%1 read as %2: %n fields used</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n field(s) ignored, each with its reason. OK changes the plan (Edit &gt; Undo takes it back).</source>
        <translation>
            <numerusform>and %n field ignored, with its reason. OK changes the plan (Edit &gt; Undo takes it back).</numerusform>
            <numerusform>and %n fields ignored, each with its reason. OK changes the plan (Edit &gt; Undo takes it back).</numerusform>
        </translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Field</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Line</translation>
    </message>
    <message>
        <source>Plan field or reason</source>
        <translation>Plan field or reason</translation>
    </message>
    <message>
        <source>Used (%1)</source>
        <translation>Used (%1)</translation>
    </message>
    <message>
        <source>Ignored (%1)</source>
        <translation>Ignored (%1)</translation>
    </message>
    <message>
        <source>Launch files (*.toml *.yaml *.yml *.json *.sh);;All files (*)</source>
        <translation>Launch files (*.toml *.yaml *.yml *.json *.sh);;All files (*)</translation>
    </message>
    <message>
        <source>Could not read %1:
%2</source>
        <translation>Could not read %1:
%2</translation>
    </message>
    <message>
        <source>Import Launch File %1</source>
        <translation>Import Launch File %1</translation>
    </message>
</context>
<context>
    <name>gpui::MainWindow</name>
    <message>
        <source>Candidates</source>
        <translation>Candidates</translation>
    </message>
    <message>
        <source>About GPU Planner</source>
        <translation>About GPU Planner</translation>
    </message>
    <message>
        <source>&lt;h3&gt;GPU Planner %1&lt;/h3&gt;&lt;p&gt;Plans GPU instances, counts, time and cost for LLM training and inference. Every figure in the catalog carries its source and date.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;GPU Planner %1&lt;/h3&gt;&lt;p&gt;Plans GPU instances, counts, time and cost for LLM training and inference. Every figure in the catalog carries its source and date.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;New</translation>
    </message>
    <message>
        <source>Start from the default plan</source>
        <translation>Start from the default plan</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Open…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Save</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Save &amp;As…</translation>
    </message>
    <message>
        <source>&amp;Import Model Config…</source>
        <translation>&amp;Import Model Config…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;Choose Candidates…</source>
        <translation>&amp;Choose Candidates…</translation>
    </message>
    <message>
        <source>Add &amp;On-Premise Machine…</source>
        <translation>Add &amp;On-Premise Machine…</translation>
    </message>
    <message>
        <source>&amp;Recompute</source>
        <translation>&amp;Recompute</translation>
    </message>
    <message>
        <source>Save &amp;Chart Images…</source>
        <translation>Save &amp;Chart Images…</translation>
    </message>
    <message>
        <source>&amp;About GPU Planner</source>
        <translation>&amp;About GPU Planner</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Open &amp;Recent</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Edit</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Theme</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>Main Toolbar</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Light</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dark</translation>
    </message>
    <message>
        <source>System Language</source>
        <translation>System Language</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Undo</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Redo</translation>
    </message>
    <message>
        <source>%1[*] — GPU Planner</source>
        <translation>%1[*] — GPU Planner</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>Clear List</translation>
    </message>
    <message>
        <source>Cannot evaluate: %1</source>
        <translation>Cannot evaluate: %1</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 parameters</translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation>, %1 active per token</translation>
    </message>
    <message>
        <source>%1 of %2 candidates fit · %3 configurations scored in %4 ms · updated in %5 ms</source>
        <translation>%1 of %2 candidates fit · %3 configurations scored in %4 ms · updated in %5 ms</translation>
    </message>
    <message>
        <source>Open Plan</source>
        <translation>Open Plan</translation>
    </message>
    <message>
        <source>Could not open %1:
%2</source>
        <translation>Could not open %1:
%2</translation>
    </message>
    <message>
        <source>Save Plan</source>
        <translation>Save Plan</translation>
    </message>
    <message>
        <source>Could not save %1:
%2</source>
        <translation>Could not save %1:
%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Saved %1</translation>
    </message>
    <message>
        <source>GPU plans (*.gpuplan *.json);;All files (*)</source>
        <translation>GPU plans (*.gpuplan *.json);;All files (*)</translation>
    </message>
    <message>
        <source>Save Plan As</source>
        <translation>Save Plan As</translation>
    </message>
    <message>
        <source>GPU plans (*.gpuplan)</source>
        <translation>GPU plans (*.gpuplan)</translation>
    </message>
    <message>
        <source>Import Hugging Face Config</source>
        <translation>Import Hugging Face Config</translation>
    </message>
    <message>
        <source>Model configs (config.json *.json);;All files (*)</source>
        <translation>Model configs (config.json *.json);;All files (*)</translation>
    </message>
    <message>
        <source>Import Model Config</source>
        <translation>Import Model Config</translation>
    </message>
    <message>
        <source>Could not import %1:
%2</source>
        <translation>Could not import %1:
%2</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Unsaved Changes</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 has unsaved changes. Save them?</translation>
    </message>
    <message>
        <source>Recover Plan</source>
        <translation>Recover Plan</translation>
    </message>
    <message>
        <source>GPU Planner did not close normally. Restore the unsaved changes it kept?</source>
        <translation>GPU Planner did not close normally. Restore the unsaved changes it kept?</translation>
    </message>
    <message>
        <source>Recover unsaved changes</source>
        <translation>Recover unsaved changes</translation>
    </message>
    <message>
        <source>Save Chart Images To</source>
        <translation>Save Chart Images To</translation>
    </message>
    <message>
        <source>Save Chart Images</source>
        <translation>Save Chart Images</translation>
    </message>
    <message>
        <source>Saved chart images to %1</source>
        <translation>Saved chart images to %1</translation>
    </message>
    <message>
        <source>Export &amp;PDF Report…</source>
        <translation>Export &amp;PDF Report…</translation>
    </message>
    <message>
        <source>Write the plan, its results and charts as a PDF report</source>
        <translation>Write the plan, its results and charts as a PDF report</translation>
    </message>
    <message>
        <source>Export Results as &amp;CSV…</source>
        <translation>Export Results as &amp;CSV…</translation>
    </message>
    <message>
        <source>Export Cost C&amp;urve CSV…</source>
        <translation>Export Cost C&amp;urve CSV…</translation>
    </message>
    <message>
        <source>&amp;Print Report…</source>
        <translation>&amp;Print Report…</translation>
    </message>
    <message>
        <source>There is no result to export yet: fix the plan&apos;s errors or wait for the evaluation.</source>
        <translation>There is no result to export yet: fix the plan&apos;s errors or wait for the evaluation.</translation>
    </message>
    <message>
        <source>Could not write %1:
%2</source>
        <translation>Could not write %1:
%2</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>Exported %1</translation>
    </message>
    <message>
        <source>Export PDF Report</source>
        <translation>Export PDF Report</translation>
    </message>
    <message>
        <source>Export Results as CSV</source>
        <translation>Export Results as CSV</translation>
    </message>
    <message>
        <source>Export Cost Curve CSV</source>
        <translation>Export Cost Curve CSV</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF documents (*.pdf)</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV files (*.csv);;All files (*)</translation>
    </message>
    <message>
        <source>Print Report</source>
        <translation>Print Report</translation>
    </message>
    <message>
        <source>There is no result to print yet: fix the plan&apos;s errors or wait for the evaluation.</source>
        <translation>There is no result to print yet: fix the plan&apos;s errors or wait for the evaluation.</translation>
    </message>
    <message>
        <source>Could not print:
%1</source>
        <translation>Could not print:
%1</translation>
    </message>
    <message numerus="yes">
        <source>Printed %n page(s)</source>
        <translation>
            <numerusform>Printed %n page</numerusform>
            <numerusform>Printed %n pages</numerusform>
        </translation>
    </message>
    <message>
        <source>GPU Planner &amp;Manual</source>
        <translation>GPU Planner &amp;Manual</translation>
    </message>
    <message>
        <source>What each input means, how the estimate is made and where the numbers come from</source>
        <translation>What each input means, how the estimate is made and where the numbers come from</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Undo %1</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Redo %1</translation>
    </message>
    <message>
        <source>the cost chart the best %1 that fit</source>
        <translation>the cost chart the best %1 that fit</translation>
    </message>
    <message>
        <source>Charts show all %1 candidates (scroll the memory and step-time charts); %2. &lt;a href=&quot;best&quot;&gt;Show the best %3&lt;/a&gt;</source>
        <translation>Charts show all %1 candidates (scroll the memory and step-time charts); %2. &lt;a href=&quot;best&quot;&gt;Show the best %3&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Charts show the best %1 of %2 candidates; %3. &lt;a href=&quot;all&quot;&gt;Show all&lt;/a&gt;</source>
        <translation>Charts show the best %1 of %2 candidates; %3. &lt;a href=&quot;all&quot;&gt;Show all&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Catalog Overrides</source>
        <translation>Catalog Overrides</translation>
    </message>
    <message>
        <source>Your catalog overrides could not be read and are not used: %1

The file is left as it is, so you can fix it and restart. If you save a price before that, it is first kept as %2.</source>
        <translation>Your catalog overrides could not be read and are not used: %1

The file is left as it is, so you can fix it and restart. If you save a price before that, it is first kept as %2.</translation>
    </message>
    <message>
        <source>Import Cloud &amp;Prices…</source>
        <translation>Import Cloud &amp;Prices…</translation>
    </message>
    <message>
        <source>Merge what your cloud&apos;s CLI printed (sizes, prices, stock) into your catalog overrides</source>
        <translation>Merge what your cloud&apos;s CLI printed (sizes, prices, stock) into your catalog overrides</translation>
    </message>
    <message>
        <source>Could not write the recovery copy of your unsaved changes:
%1</source>
        <translation>Could not write the recovery copy of your unsaved changes:
%1</translation>
    </message>
    <message>
        <source>Autosave</source>
        <translation>Autosave</translation>
    </message>
    <message>
        <source>Autosave works again</source>
        <translation>Autosave works again</translation>
    </message>
    <message>
        <source>A recovery file could not be read, so it was not restored:
%1

It was kept as %2.</source>
        <translation>A recovery file could not be read, so it was not restored:
%1

It was kept as %2.</translation>
    </message>
    <message>
        <source>Cost-Time &amp;Frontier…</source>
        <translation>Cost-Time &amp;Frontier…</translation>
    </message>
    <message>
        <source>S&amp;weep…</source>
        <translation>S&amp;weep…</translation>
    </message>
    <message>
        <source>One input across a range of values: cost, time and memory of the best answer at each</source>
        <translation>One input across a range of values: cost, time and memory of the best answer at each</translation>
    </message>
    <message>
        <source>Every configuration that fits, as cost against time, with the frontier and the chosen one marked</source>
        <translation>Every configuration that fits, as cost against time, with the frontier and the chosen one marked</translation>
    </message>
    <message>
        <source>the throughput-latency chart the best %1</source>
        <translation>the throughput-latency chart the best %1</translation>
    </message>
    <message>
        <source>Se&amp;nsitivity…</source>
        <translation>Se&amp;nsitivity…</translation>
    </message>
    <message>
        <source>How far the recommendation&apos;s cost moves when an estimated price, an efficiency or the spot interruption rate is off, and whether the choice changes</source>
        <translation>How far the recommendation&apos;s cost moves when an estimated price, an efficiency or the spot interruption rate is off, and whether the choice changes</translation>
    </message>
    <message>
        <source>Hugging Face Cache</source>
        <translation>Hugging Face Cache</translation>
    </message>
    <message>
        <source>Reading the Hugging Face cache...</source>
        <translation>Reading the Hugging Face cache...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>No model with a config.json was found in the Hugging Face cache (%1). On a connected machine, download one with: huggingface-cli download ORG/NAME config.json, or set HF_HOME to the folder that holds the cache.</source>
        <translation>No model with a config.json was found in the Hugging Face cache (%1). On a connected machine, download one with: huggingface-cli download ORG/NAME config.json, or set HF_HOME to the folder that holds the cache.</translation>
    </message>
    <message>
        <source>no HF_HUB_CACHE, HF_HOME or HOME set</source>
        <translation>no HF_HUB_CACHE, HF_HOME or HOME set</translation>
    </message>
    <message>
        <source>Models in %1:</source>
        <translation>Models in %1:</translation>
    </message>
    <message>
        <source>%1 is not in the Hugging Face cache (%2).</source>
        <translation>%1 is not in the Hugging Face cache (%2).</translation>
    </message>
    <message>
        <source>&amp;Budget…</source>
        <translation>&amp;Budget…</translation>
    </message>
    <message>
        <source>A team&apos;s budget over months: several workloads, the shared fleet, commitments, stock, caps, energy, buy or rent</source>
        <translation>A team&apos;s budget over months: several workloads, the shared fleet, commitments, stock, caps, energy, buy or rent</translation>
    </message>
    <message>
        <source>Export Launch Files</source>
        <translation>Export Launch Files</translation>
    </message>
    <message>
        <source>There is no recommendation to export yet: fix the plan&apos;s errors or wait for the evaluation.</source>
        <translation>There is no recommendation to export yet: fix the plan&apos;s errors or wait for the evaluation.</translation>
    </message>
    <message>
        <source>Import &amp;Launch File…</source>
        <translation>Import &amp;Launch File…</translation>
    </message>
    <message>
        <source>Read a torchtitan, Megatron, DeepSpeed, Hugging Face, vLLM or SGLang launch file into the plan</source>
        <translation>Read a torchtitan, Megatron, DeepSpeed, Hugging Face, vLLM or SGLang launch file into the plan</translation>
    </message>
    <message>
        <source>Export La&amp;unch Files…</source>
        <translation>Export La&amp;unch Files…</translation>
    </message>
    <message>
        <source>Write the recommendation as torchtitan, Megatron, DeepSpeed, Hugging Face, vLLM, SGLang or Kubernetes files</source>
        <translation>Write the recommendation as torchtitan, Megatron, DeepSpeed, Hugging Face, vLLM, SGLang or Kubernetes files</translation>
    </message>
    <message>
        <source>New &amp;RL Post-Training Plan</source>
        <translation>New &amp;RL Post-Training Plan</translation>
    </message>
    <message>
        <source>Start from the example GRPO plan: rollouts, reference, reward and training</source>
        <translation>Start from the example GRPO plan: rollouts, reference, reward and training</translation>
    </message>
    <message>
        <source>%1 opened with warnings: %2</source>
        <translation>%1 opened with warnings: %2</translation>
    </message>
    <message>
        <source>%1 cancelled: nothing was written</source>
        <translation>%1 cancelled: nothing was written</translation>
    </message>
    <message>
        <source>%1 is still running: wait for it or cancel it first.</source>
        <translation>%1 is still running: wait for it or cancel it first.</translation>
    </message>
    <message>
        <source>%1 of %2 candidates fit · %3 RL layouts scored in %4 ms</source>
        <translation>%1 of %2 candidates fit · %3 RL layouts scored in %4 ms</translation>
    </message>
</context>
<context>
    <name>gpui::OnPremDialog</name>
    <message>
        <source>On-Premise Machine</source>
        <translation>On-Premise Machine</translation>
    </message>
    <message>
        <source>e.g. Lab server 1</source>
        <translation>e.g. Lab server 1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>GPU&apos;s own (NVLink if any, else PCIe)</source>
        <translation>GPU&apos;s own (NVLink if any, else PCIe)</translation>
    </message>
    <message>
        <source> Gb/s</source>
        <translation> Gb/s</translation>
    </message>
    <message>
        <source>Each node&apos;s total network bandwidth to other nodes (8 x 200 Gb/s InfiniBand = 1600)</source>
        <translation>Each node&apos;s total network bandwidth to other nodes (8 x 200 Gb/s InfiniBand = 1600)</translation>
    </message>
    <message>
        <source> / h</source>
        <translation> / h</translation>
    </message>
    <message>
        <source>free (owned)</source>
        <translation>free (owned)</translation>
    </message>
    <message>
        <source>What the whole machine (all nodes) costs per hour: amortization, power, or a quote</source>
        <translation>What the whole machine (all nodes) costs per hour: amortization, power, or a quote</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>GPUs per node</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Nodes</translation>
    </message>
    <message>
        <source>GPU link</source>
        <translation>GPU link</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Network</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <source>none (one node only)</source>
        <translation>none (one node only)</translation>
    </message>
    <message>
        <source>%1 nodes need a network bandwidth between them: give each node&apos;s network (8 x 200 Gb/s InfiniBand = 1600).</source>
        <translation>%1 nodes need a network bandwidth between them: give each node&apos;s network (8 x 200 Gb/s InfiniBand = 1600).</translation>
    </message>
    <message>
        <source>A MIG slice of the GPU: one serving replica per slice, priced at the slice&apos;s share of the machine&apos;s price. Offered on a machine of one GPU whose GPU has MIG profiles.</source>
        <translation>A MIG slice of the GPU: one serving replica per slice, priced at the slice&apos;s share of the machine&apos;s price. Offered on a machine of one GPU whose GPU has MIG profiles.</translation>
    </message>
    <message>
        <source>MIG slice</source>
        <translation>MIG slice</translation>
    </message>
    <message>
        <source>whole GPUs</source>
        <translation>whole GPUs</translation>
    </message>
</context>
<context>
    <name>gpui::PriceDialog</name>
    <message>
        <source>Price of %1</source>
        <translation>Price of %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>Where the quote came from, e.g. sales email 2026-11-20</source>
        <translation>Where the quote came from, e.g. sales email 2026-11-20</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Currency</translation>
    </message>
    <message>
        <source>Pay-as-you-go per hour</source>
        <translation>Pay-as-you-go per hour</translation>
    </message>
    <message>
        <source>Monthly subscription</source>
        <translation>Monthly subscription</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Use Catalog Price</source>
        <translation>Use Catalog Price</translation>
    </message>
    <message>
        <source>CNY (¥)</source>
        <translation>CNY (¥)</translation>
    </message>
    <message>
        <source>USD ($)</source>
        <translation>USD ($)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Applies to every plan.&lt;/b&gt; Your quote replaces the catalog price of this instance in every plan you open, not only this one; it is kept in your catalog overrides file. A figure you leave as shown stays the catalog&apos;s.</source>
        <translation>&lt;b&gt;Applies to every plan.&lt;/b&gt; Your quote replaces the catalog price of this instance in every plan you open, not only this one; it is kept in your catalog overrides file. A figure you leave as shown stays the catalog&apos;s.</translation>
    </message>
    <message>
        <source>Discount off pay-as-you-go</source>
        <translation>Discount off pay-as-you-go</translation>
    </message>
    <message>
        <source>Price per hour</source>
        <translation>Price per hour</translation>
    </message>
    <message>
        <source> % off</source>
        <translation> % off</translation>
    </message>
    <message>
        <source> / h</source>
        <translation> / h</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>Spot</translation>
    </message>
    <message>
        <source>Reserved discount</source>
        <translation>Reserved discount</translation>
    </message>
</context>
<context>
    <name>gpui::RecommendationPanel</name>
    <message>
        <source>%1 x %2 nodes</source>
        <translation>%1 x %2 nodes</translation>
    </message>
    <message>
        <source>%1 · %2 parameters</source>
        <translation>%1 · %2 parameters</translation>
    </message>
    <message>
        <source> (%1 active)</source>
        <translation> (%1 active)</translation>
    </message>
    <message>
        <source>&lt;p&gt;No candidates to compare. Choose instances on the Candidates tab.&lt;/p&gt;</source>
        <translation>&lt;p&gt;No candidates to compare. Choose instances on the Candidates tab.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3 style=&apos;color:#d03b3b&apos;&gt;No candidate fits&lt;/h3&gt;</source>
        <translation>&lt;h3 style=&apos;color:#d03b3b&apos;&gt;No candidate fits&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Closest: &lt;b&gt;%1&lt;/b&gt; — %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;Closest: &lt;b&gt;%1&lt;/b&gt; — %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>needs %1 per GPU</source>
        <translation>needs %1 per GPU</translation>
    </message>
    <message>
        <source>&lt;p&gt;What would make it fit:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;What would make it fit:&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Recommended: %1&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Recommended: %1&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 x %2 · %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 x %2 · %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>the cheapest candidate that fits</source>
        <translation>the cheapest candidate that fits</translation>
    </message>
    <message>
        <source>the fastest candidate that fits</source>
        <translation>the fastest candidate that fits</translation>
    </message>
    <message>
        <source>the cheapest that fits and finishes within %1</source>
        <translation>the cheapest that fits and finishes within %1</translation>
    </message>
    <message>
        <source>the fastest that fits and stays within %1</source>
        <translation>the fastest that fits and stays within %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;Why: %1.&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;Why: %1.&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Finishes in &lt;b&gt;%1&lt;/b&gt; (%2 GPU-hours) at %3 tokens/s, MFU %4&lt;/li&gt;</source>
        <translation>&lt;li&gt;Finishes in &lt;b&gt;%1&lt;/b&gt; (%2 GPU-hours) at %3 tokens/s, MFU %4&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Decodes &lt;b&gt;%1 tokens/s&lt;/b&gt;; prefill %2&lt;/li&gt;</source>
        <translation>&lt;li&gt;Decodes &lt;b&gt;%1 tokens/s&lt;/b&gt;; prefill %2&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Costs &lt;b&gt;%1&lt;/b&gt; (%2, %3)&lt;/li&gt;</source>
        <translation>&lt;li&gt;Costs &lt;b&gt;%1&lt;/b&gt; (%2, %3)&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Monthly billing pays off after %1 days&lt;/li&gt;</source>
        <translation>&lt;li&gt;Monthly billing pays off after %1 days&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Memory %1 of %2 per GPU; bottleneck: %3&lt;/li&gt;</source>
        <translation>&lt;li&gt;Memory %1 of %2 per GPU; bottleneck: %3&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;The others&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;%1&lt;/ul&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;The others&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;%1&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>&lt;h3 style=&apos;color:#d03b3b&apos;&gt;The plan cannot be evaluated&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</source>
        <translation>&lt;h3 style=&apos;color:#d03b3b&apos;&gt;The plan cannot be evaluated&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:gray&apos;&gt;Evaluating…&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:gray&apos;&gt;Evaluating…&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Billing modes counted: %1&lt;/li&gt;</source>
        <translation>&lt;li&gt;Billing modes counted: %1&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Costs &lt;b&gt;%1&lt;/b&gt; per million tokens (%2, %3)&lt;/li&gt;</source>
        <translation>&lt;li&gt;Costs &lt;b&gt;%1&lt;/b&gt; per million tokens (%2, %3)&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;No price under the counted billing modes (%1)&lt;/li&gt;</source>
        <translation>&lt;li&gt;No price under the counted billing modes (%1)&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;h3 style=&apos;color:#d03b3b&apos;&gt;No candidate meets the latency targets&lt;/h3&gt;</source>
        <translation>&lt;h3 style=&apos;color:#d03b3b&apos;&gt;No candidate meets the latency targets&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Time to first token %1, time per output token %2 at %3 requests in flight per replica.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Time to first token %1, time per output token %2 at %3 requests in flight per replica.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 · %2 x %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 · %2 x %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>the lowest latency that meets the targets at the load</source>
        <translation>the lowest latency that meets the targets at the load</translation>
    </message>
    <message>
        <source>the lowest cost per million tokens that meets the targets at the load</source>
        <translation>the lowest cost per million tokens that meets the targets at the load</translation>
    </message>
    <message>
        <source>&lt;li&gt;Load: %1 of %2 prompt and %3 output tokens; %4 in flight per replica (the KV cache holds %5)&lt;/li&gt;</source>
        <translation>&lt;li&gt;Load: %1 of %2 prompt and %3 output tokens; %4 in flight per replica (the KV cache holds %5)&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Time to first token &lt;b&gt;%1&lt;/b&gt;; time per output token &lt;b&gt;%2&lt;/b&gt;&lt;/li&gt;</source>
        <translation>&lt;li&gt;Time to first token &lt;b&gt;%1&lt;/b&gt;; time per output token &lt;b&gt;%2&lt;/b&gt;&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;%1 output tokens/s per replica, %2 in all (%3 requests/s); limit: %4&lt;/li&gt;</source>
        <translation>&lt;li&gt;%1 output tokens/s per replica, %2 in all (%3 requests/s); limit: %4&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Costs &lt;b&gt;%1 per million tokens&lt;/b&gt; (%2, %3)</source>
        <translation>&lt;li&gt;Costs &lt;b&gt;%1 per million tokens&lt;/b&gt; (%2, %3)</translation>
    </message>
    <message>
        <source>; %1 per million output tokens</source>
        <translation>; %1 per million output tokens</translation>
    </message>
    <message>
        <source>&lt;li&gt;Monthly cost &lt;b&gt;%1&lt;/b&gt; (%2) for %3 requests a month&lt;/li&gt;</source>
        <translation>&lt;li&gt;Monthly cost &lt;b&gt;%1&lt;/b&gt; (%2) for %3 requests a month&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Monthly cost &lt;b&gt;%1&lt;/b&gt; (%2), always on&lt;/li&gt;</source>
        <translation>&lt;li&gt;Monthly cost &lt;b&gt;%1&lt;/b&gt; (%2), always on&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Monthly billing costs less than pay-as-you-go above %1 hours a month&lt;/li&gt;</source>
        <translation>&lt;li&gt;Monthly billing costs less than pay-as-you-go above %1 hours a month&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Memory %1 of %2 per GPU; KV cache %3 tokens per replica&lt;/li&gt;</source>
        <translation>&lt;li&gt;Memory %1 of %2 per GPU; KV cache %3 tokens per replica&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Largest overhead: %1&lt;/li&gt;</source>
        <translation>&lt;li&gt;Largest overhead: %1&lt;/li&gt;</translation>
    </message>
    <message>
        <source>time to first token %1 at %2 requests/s each</source>
        <translation>time to first token %1 at %2 requests/s each</translation>
    </message>
    <message>
        <source>%1 requests each at %2 per token</source>
        <translation>%1 requests each at %2 per token</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV cache</translation>
    </message>
    <message>
        <source>Prefill pool</source>
        <translation>Prefill pool</translation>
    </message>
    <message>
        <source>Decode pool</source>
        <translation>Decode pool</translation>
    </message>
    <message>
        <source>P:D = %1:%2</source>
        <translation>P:D = %1:%2</translation>
    </message>
    <message>
        <source>&lt;li&gt;Prefill and decode: %1&lt;/li&gt;</source>
        <translation>&lt;li&gt;Prefill and decode: %1&lt;/li&gt;</translation>
    </message>
    <message>
        <source>Not compared on cost: %1 %2</source>
        <translation>Not compared on cost: %1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n more candidate(s) that fit have no price (The others)</source>
        <translation>
            <numerusform>%n more candidate that fits has no price (The others)</numerusform>
            <numerusform>%n more candidates that fit have no price (The others)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpui::RlCandidateModel</name>
    <message numerus="yes">
        <source>Colocated on %n GPU(s)</source>
        <translation>
            <numerusform>Colocated on %n GPU</numerusform>
            <numerusform>Colocated on %n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>Separate: %1 rollout + %2 training GPUs</source>
        <translation>Separate: %1 rollout + %2 training GPUs</translation>
    </message>
    <message numerus="yes">
        <source>, %n step(s) off-policy</source>
        <translation>
            <numerusform>, %n step off-policy</numerusform>
            <numerusform>, %n steps off-policy</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>ZeRO-%1 over %2 GPUs</source>
        <translation>ZeRO-%1 over %2 GPUs</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>Recommended</translation>
    </message>
    <message>
        <source>%1 of %2 GiB</source>
        <translation>%1 of %2 GiB</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Yes</translation>
    </message>
    <message>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidate</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>Rollout engines</source>
        <translation>Rollout engines</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Step time</translation>
    </message>
    <message>
        <source>Limiting phase</source>
        <translation>Limiting phase</translation>
    </message>
    <message>
        <source>Peak memory per GPU</source>
        <translation>Peak memory per GPU</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Fits</translation>
    </message>
    <message>
        <source>Steps per hour</source>
        <translation>Steps per hour</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>Hours</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Cost</translation>
    </message>
    <message>
        <source>Per 1,000 prompts</source>
        <translation>Per 1,000 prompts</translation>
    </message>
    <message>
        <source>Why not</source>
        <translation>Why not</translation>
    </message>
</context>
<context>
    <name>gpui::RlView</name>
    <message>
        <source>Change %1</source>
        <translation>Change %1</translation>
    </message>
    <message>
        <source>Cannot answer this RL plan: %1</source>
        <translation>Cannot answer this RL plan: %1</translation>
    </message>
    <message>
        <source>Why the others lose</source>
        <translation>Why the others lose</translation>
    </message>
    <message>
        <source>RL post-training</source>
        <translation>RL post-training</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>Recommendation</translation>
    </message>
</context>
<context>
    <name>gpui::ScenarioBar</name>
    <message>
        <source>Scenario %1</source>
        <translation>Scenario %1</translation>
    </message>
    <message>
        <source>Add scenario &quot;%1&quot;</source>
        <translation>Add scenario &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Base plan</source>
        <translation>Base plan</translation>
    </message>
    <message>
        <source>%1 copy</source>
        <translation>%1 copy</translation>
    </message>
    <message>
        <source>Duplicate scenario as &quot;%1&quot;</source>
        <translation>Duplicate scenario as &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Rename scenario to &quot;%1&quot;</source>
        <translation>Rename scenario to &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Delete scenario &quot;%1&quot;</source>
        <translation>Delete scenario &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Rename Scenario</source>
        <translation>Rename Scenario</translation>
    </message>
    <message>
        <source>Scenario name:</source>
        <translation>Scenario name:</translation>
    </message>
    <message>
        <source>Add Scenario</source>
        <translation>Add Scenario</translation>
    </message>
    <message>
        <source>A new scenario: a named variant of the plan; edits made while it is chosen apply to it only</source>
        <translation>A new scenario: a named variant of the plan; edits made while it is chosen apply to it only</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplicate</translation>
    </message>
    <message>
        <source>A new scenario with the chosen one&apos;s changes</source>
        <translation>A new scenario with the chosen one&apos;s changes</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Rename…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <source>Compare…</source>
        <translation>Compare…</translation>
    </message>
    <message>
        <source>The plan and each scenario side by side: best candidate, cost and time</source>
        <translation>The plan and each scenario side by side: best candidate, cost and time</translation>
    </message>
</context>
<context>
    <name>gpui::ScenarioCompareView</name>
    <message>
        <source>Comparing…</source>
        <translation>Comparing…</translation>
    </message>
    <message numerus="yes">
        <source>%n scenario(s) compared in %1</source>
        <translation>
            <numerusform>%n scenario compared in %1</numerusform>
            <numerusform>%n scenarios compared in %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare Scenarios</source>
        <translation>Compare Scenarios</translation>
    </message>
    <message>
        <source>&amp;Baseline:</source>
        <translation>&amp;Baseline:</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 failed: %2</translation>
    </message>
    <message>
        <source>Scenario comparison</source>
        <translation>Scenario comparison</translation>
    </message>
</context>
<context>
    <name>gpui::ScenarioComparisonModel</name>
    <message>
        <source>%1 / M tokens</source>
        <translation>%1 / M tokens</translation>
    </message>
    <message>
        <source>Base plan</source>
        <translation>Base plan</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1 (baseline)</translation>
    </message>
    <message>
        <source>No candidate</source>
        <translation>No candidate</translation>
    </message>
    <message>
        <source>%1 (%2 nodes)</source>
        <translation>%1 (%2 nodes)</translation>
    </message>
    <message>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Yes</translation>
    </message>
    <message>
        <source>Yes, misses the objective</source>
        <translation>Yes, misses the objective</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>baseline</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 of %2 usable</source>
        <translation>Memory per GPU: %1 of %2 usable</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Scenario</translation>
    </message>
    <message>
        <source>Best candidate</source>
        <translation>Best candidate</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Fits</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Cost</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Memory headroom</source>
        <translation>Memory headroom</translation>
    </message>
    <message>
        <source>Cost vs baseline</source>
        <translation>Cost vs baseline</translation>
    </message>
    <message>
        <source>Time vs baseline</source>
        <translation>Time vs baseline</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>no change</translation>
    </message>
    <message>
        <source>default</source>
        <translation>default</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
    <message>
        <source>Changes from baseline</source>
        <translation>Changes from baseline</translation>
    </message>
</context>
<context>
    <name>gpui::SensitivityView</name>
    <message>
        <source>Computing…</source>
        <translation>Computing…</translation>
    </message>
    <message>
        <source>%1 GPU-hours</source>
        <translation>%1 GPU-hours</translation>
    </message>
    <message>
        <source>%1 / M tokens</source>
        <translation>%1 / M tokens</translation>
    </message>
    <message>
        <source>%1 (%2–%3)</source>
        <translation>%1 (%2–%3)</translation>
    </message>
    <message>
        <source>Computed in %1</source>
        <translation>Computed in %1</translation>
    </message>
    <message>
        <source>Recommended: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Recommended: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Time: %1 (%2–%3)</source>
        <translation>Time: %1 (%2–%3)</translation>
    </message>
    <message>
        <source>±%1</source>
        <translation>±%1</translation>
    </message>
    <message>
        <source>%1–%2 per node-day</source>
        <translation>%1–%2 per node-day</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>nothing meets the objective</source>
        <translation>nothing meets the objective</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 at the low end, %3 at the high end</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 at the low end, %3 at the high end</translation>
    </message>
    <message>
        <source>; at the low end %1 is recommended</source>
        <translation>; at the low end %1 is recommended</translation>
    </message>
    <message>
        <source>; at the high end %1 is recommended</source>
        <translation>; at the high end %1 is recommended</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: every candidate&apos;s price is published or your own</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: every candidate&apos;s price is published or your own</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: the plan does not count spot instances</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: the plan does not count spot instances</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>Sensitivity</translation>
    </message>
    <message>
        <source>Input at its low end</source>
        <translation>Input at its low end</translation>
    </message>
    <message>
        <source>Input at its high end</source>
        <translation>Input at its high end</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>Estimate</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 (%2–%3) of %4 usable</source>
        <translation>Memory per GPU: %1 (%2–%3) of %4 usable</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 of %2 usable</source>
        <translation>Memory per GPU: %1 of %2 usable</translation>
    </message>
    <message>
        <source>; above the usable memory at an end of the range</source>
        <translation>; above the usable memory at an end of the range</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: the plan sets it, so it is not varied</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: the plan sets it, so it is not varied</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: a serving engine takes a set share of GPU memory, so it does not move memory</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: a serving engine takes a set share of GPU memory, so it does not move memory</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: one published measurement and no range, so the point value is used</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: one published measurement and no range, so the point value is used</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: not varied</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: not varied</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>; memory per GPU %1 at the low end, %2 at the high end</source>
        <translation>; memory per GPU %1 at the low end, %2 at the high end</translation>
    </message>
    <message>
        <source> (above the usable memory)</source>
        <translation> (above the usable memory)</translation>
    </message>
    <message>
        <source>How far the recommendation&apos;s cost, time and memory move when one uncertain input is at either end of its sourced range: estimated prices, compute and bandwidth efficiency, spot interruptions, the CUDA context and the allocator&apos;s fragmentation. One input at a time, not a joint worst case.</source>
        <translation>How far the recommendation&apos;s cost, time and memory move when one uncertain input is at either end of its sourced range: estimated prices, compute and bandwidth efficiency, spot interruptions, the CUDA context and the allocator&apos;s fragmentation. One input at a time, not a joint worst case.</translation>
    </message>
    <message>
        <source>Memory per GPU: the serving engine takes %1; its KV cache fills what the weights leave</source>
        <translation>Memory per GPU: the serving engine takes %1; its KV cache fills what the weights leave</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 failed: %2</translation>
    </message>
</context>
<context>
    <name>gpui::SweepView</name>
    <message>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <source>&amp;Vary:</source>
        <translation>&amp;Vary:</translation>
    </message>
    <message>
        <source>V&amp;alues:</source>
        <translation>V&amp;alues:</translation>
    </message>
    <message>
        <source>Values separated by commas; each one is a scenario answered like the plan</source>
        <translation>Values separated by commas; each one is a scenario answered like the plan</translation>
    </message>
    <message>
        <source>&amp;Sweep</source>
        <translation>&amp;Sweep</translation>
    </message>
    <message>
        <source>Nodes (every candidate)</source>
        <translation>Nodes (every candidate)</translation>
    </message>
    <message>
        <source>GPUs per node (bare GPUs)</source>
        <translation>GPUs per node (bare GPUs)</translation>
    </message>
    <message>
        <source>%1 (%2–%3)</source>
        <translation>%1 (%2–%3)</translation>
    </message>
</context>
</TS>
