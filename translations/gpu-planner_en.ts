<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AnswerText</name>
    <message numerus="yes">
        <source>%n replica(s) × %1 GPUs (%2)</source>
        <translation>
            <numerusform>%n replica × %1 GPUs (%2)</numerusform>
            <numerusform>%n replicas × %1 GPUs (%2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>it pays up to %n request(s) per step</source>
        <translation>
            <numerusform>it pays up to %n request per step</numerusform>
            <numerusform>it pays up to %n requests per step</numerusform>
        </translation>
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
    <message numerus="yes">
        <source>on %n node(s) of %1 (%2)</source>
        <translation>
            <numerusform>on %n node of %1 (%2)</numerusform>
            <numerusform>on %n nodes of %1 (%2)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Charts</name>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;%3 per million tokens&lt;br&gt;%4 per million output tokens&lt;br&gt;%n replica(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;%3 per million tokens&lt;br&gt;%4 per million output tokens&lt;br&gt;%n replica</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;%3 per million tokens&lt;br&gt;%4 per million output tokens&lt;br&gt;%n replicas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; · operating point&lt;br&gt;%2 requests in flight per replica, %n replica(s)&lt;br&gt;%3 output tokens/s per replica&lt;br&gt;Time per output token %4, time to first token %5&lt;br&gt;Limit: %6</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; · operating point&lt;br&gt;%2 requests in flight per replica, %n replica&lt;br&gt;%3 output tokens/s per replica&lt;br&gt;Time per output token %4, time to first token %5&lt;br&gt;Limit: %6</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; · operating point&lt;br&gt;%2 requests in flight per replica, %n replicas&lt;br&gt;%3 output tokens/s per replica&lt;br&gt;Time per output token %4, time to first token %5&lt;br&gt;Limit: %6</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CoreText</name>
    <message numerus="yes">
        <source>%1 on %n node(s), %2 GPUs</source>
        <translation>
            <numerusform>%1 on %n node, %2 GPUs</numerusform>
            <numerusform>%1 on %n nodes, %2 GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n concurrent request(s)</source>
        <translation>
            <numerusform>%n concurrent request</numerusform>
            <numerusform>%n concurrent requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Or start %1 %n month(s) later.</source>
        <translation>
            <numerusform>Or start %1 %n month later.</numerusform>
            <numerusform>Or start %1 %n months later.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FrontierView</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReportBuilder</name>
    <message numerus="yes">
        <source>Objective: %1. %n candidate(s) compared; billing modes counted: %2.</source>
        <translation>
            <numerusform>Objective: %1. %n candidate compared; billing modes counted: %2.</numerusform>
            <numerusform>Objective: %1. %n candidates compared; billing modes counted: %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s) do not fit; the table on the next pages says why.</source>
        <translation>
            <numerusform>%n candidate does not fit; the table on the next pages says why.</numerusform>
            <numerusform>%n candidates do not fit; the table on the next pages says why.</numerusform>
        </translation>
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
    <message numerus="yes">
        <source>and %n more in the table.</source>
        <translation>
            <numerusform>and %n more in the table.</numerusform>
            <numerusform>and %n more in the table.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RlChartText</name>
    <message numerus="yes">
        <source>%1&lt;br&gt;%n GPU(s)</source>
        <translation>
            <numerusform>%1&lt;br&gt;%n GPU</numerusform>
            <numerusform>%1&lt;br&gt;%n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpui::BudgetFleetModel</name>
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
    <message numerus="yes">
        <source>Placement: exact. Every way of putting the pool&apos;s %n machine unit(s) on machines was tried.</source>
        <translation>
            <numerusform>Placement: exact. Every way of putting the pool&apos;s %n machine unit on machines was tried.</numerusform>
            <numerusform>Placement: exact. Every way of putting the pool&apos;s %n machine units on machines was tried.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpui::BudgetView</name>
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
    <message numerus="yes">
        <source>Start %1 %n month(s) later</source>
        <comment>a gentler fix of a budget cap, on a button</comment>
        <translation>
            <numerusform>Start %1 %n month later</numerusform>
            <numerusform>Start %1 %n months later</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpui::CloudImportDialog</name>
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
</context>
<context>
    <name>gpui::FrontierView</name>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 GPUs (%n node(s) of %3)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %2 GPUs (%n node of %3)</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %2 GPUs (%n nodes of %3)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpui::InputsPanel</name>
    <message numerus="yes">
        <source>Chosen by the planner for the recommendation, %1 (%n node(s), %2 GPUs): %3.</source>
        <translation>
            <numerusform>Chosen by the planner for the recommendation, %1 (%n node, %2 GPUs): %3.</numerusform>
            <numerusform>Chosen by the planner for the recommendation, %1 (%n nodes, %2 GPUs): %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Chosen by the planner for the recommendation, %1 (%n node(s)): %2.</source>
        <translation>
            <numerusform>Chosen by the planner for the recommendation, %1 (%n node): %2.</numerusform>
            <numerusform>Chosen by the planner for the recommendation, %1 (%n nodes): %2.</numerusform>
        </translation>
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
    <name>gpui::LaunchImportDialog</name>
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
</context>
<context>
    <name>gpui::MainWindow</name>
    <message numerus="yes">
        <source>Printed %n page(s)</source>
        <translation>
            <numerusform>Printed %n page</numerusform>
            <numerusform>Printed %n pages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpui::RecommendationPanel</name>
    <message numerus="yes">
        <source>%n candidate(s) that fit were not compared on cost: no price</source>
        <translation>
            <numerusform>%n candidate that fits was not compared on cost: no price</numerusform>
            <numerusform>%n candidates that fit were not compared on cost: no price</numerusform>
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
    <message numerus="yes">
        <source>, %n step(s) off-policy</source>
        <translation>
            <numerusform>, %n step off-policy</numerusform>
            <numerusform>, %n steps off-policy</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpui::ScenarioCompareView</name>
    <message numerus="yes">
        <source>%n scenario(s) compared in %1</source>
        <translation>
            <numerusform>%n scenario compared in %1</numerusform>
            <numerusform>%n scenarios compared in %1</numerusform>
        </translation>
    </message>
</context>
</TS>
