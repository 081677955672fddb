#include "estimate/common/lora_adapter_passes.h"

#include "plan/precision.h"
#include "transformer/lora_modules.h"

namespace gp
{

double peftAdapterBytes(const Workload& workload)
{
    if (workload.technique != Technique::Lora && workload.technique != Technique::Qlora)
        return 0.0;
    const double compute = bytesPerElement(workload.precision);
    // LitGPT's adapters are created with the model at its dtype (litgpt/lora.py LoRALinear, under Fabric's
    // init_module) and run `(dropout(x) @ A.T @ B.T) * scaling`, then `pretrained + lora`: the same passes, no casts.
    if (workload.framework == TrainingStack::Litgpt)
        return compute;
    if (workload.framework != TrainingStack::Hf)
        return 0.0;
    const double fp32 = bytesPerElement(Precision::Fp32);
    return compute < fp32 ? fp32 : compute; // _cast_adapter_dtype: float16 and bfloat16 adapters become float32
}

LoraAdapterPassBytes loraAdapterPassBytesPerToken(
    const Architecture& architecture, const LoraSpec& lora, double computeBytes, double adapterBytes)
{
    LoraAdapterPassBytes b;
    if (!(computeBytes > 0) || !(adapterBytes > 0))
        return b;
    double in = 0; // elements per token of the adapted modules' inputs and outputs
    double out = 0;
    for (const AdaptedMatrix& m : loraTargets(architecture, lora.targetModules).matrices) {
        in += m.activeCount * m.in;
        out += m.activeCount * m.out;
    }
    const double c = computeBytes;
    const double a = adapterBytes;
    const bool cast = a != c;
    // Forward: the input cast to the adapters' width (read c, write a), lora_A reading it, lora_B writing its output,
    // the scaling (read and write), the sum with the base layer's result (read both, write at the wider width) and
    // the cast back (read a, write c).
    b.forward = in * ((cast ? c + a : 0.0) + a) + out * (a + 2 * a + (c + a + a) + (cast ? a + c : 0.0));
    // Backward: the cast back's gradient up (read c, write a), the sum's gradient to the base result down (read a,
    // write c), the scaling's (read and write), lora_B's input- and weight-gradient GEMMs each reading the output's
    // gradient, lora_A's weight gradient reading its input and its input gradient written, the input cast's gradient
    // down (read a, write c) and that gradient added to the base layer's input gradient (read two, write one).
    b.backward = out * ((cast ? 2 * (a + c) : 0.0) + 2 * a + 2 * a) + in * (2 * a + (cast ? a + c : 0.0) + 3 * c);
    return b;
}

} // namespace gp
