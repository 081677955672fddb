"""Stand-ins for torch, transformers and peft with just the surface measure.py touches, for running measure.py
end to end on a machine without a GPU (test_measure_dryrun.py). They compute nothing: tensors carry shapes,
the "GPU" counts bytes of live parameters and caches, and one configuration is rigged to run out of memory.
The figures they produce are test data, never measurements.
"""

import contextlib
import sys
import types
import weakref

FAKE_GPU_BYTES = 150 * 10**9
# Full fine-tuning of a model this large, without checkpointing, "runs out of memory" from this many tokens per
# step (exercises measure.py's OOM path on train-7b-mha-s2048-b1-full-ckptnone-sdpa-bf16).
OOM_PARAMETERS = 6e9
OOM_TOKENS = 2048


class FakeOutOfMemoryError(RuntimeError):
    pass


class FakeDtype:
    def __init__(self, name, size):
        self.name, self.size = name, size

    def __str__(self):
        return "torch." + self.name


float32 = FakeDtype("float32", 4)
bfloat16 = FakeDtype("bfloat16", 2)
int64 = FakeDtype("int64", 8)


class FakeDevice:
    allocated = 0
    peak = 0
    default_dtype = None

    @classmethod
    def allocate(cls, n):
        cls.allocated += n
        cls.peak = max(cls.peak, cls.allocated)

    @classmethod
    def release(cls, n):
        cls.allocated -= n

    @classmethod
    def own(cls, owner, n):
        """Counts n bytes for as long as owner lives."""
        cls.allocate(n)
        weakref.finalize(owner, cls.release, n)


class FakeTensor:
    def __init__(self, shape, dtype=bfloat16, value=1.0):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.value = value
        self.requires_grad = False

    def numel(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def element_size(self):
        return self.dtype.size

    def __getitem__(self, index):
        # Only the form measure.py uses: [:, -1:] on (batch, tokens, vocab).
        return FakeTensor((self.shape[0], 1) + self.shape[2:], self.dtype)

    def argmax(self, dim):
        return FakeTensor(self.shape[:-1], int64)

    def detach(self):
        return self

    def backward(self):
        pass

    def __float__(self):
        return self.value


class FakeParameter(FakeTensor):
    def __init__(self, count, dtype):
        super().__init__((count,), dtype)
        self.requires_grad = True


class FakeEvent:
    clock = 0.0

    def __init__(self, enable_timing=False):
        self.t = 0.0

    def record(self):
        FakeEvent.clock += 0.005
        self.t = FakeEvent.clock

    def synchronize(self):
        pass

    def elapsed_time(self, other):
        return (other.t - self.t) * 1000.0


class FakeGenerator:
    def __init__(self, device=None):
        pass

    def manual_seed(self, seed):
        return self


class FakeOptimizer:
    def __init__(self, params, lr, weight_decay, fused):
        assert fused is True
        self.params = list(params)

    def step(self):
        pass

    def zero_grad(self, set_to_none=False):
        pass


def _properties(device):
    return types.SimpleNamespace(name="Fake H200", total_memory=FAKE_GPU_BYTES, major=9, minor=0,
                                 multi_processor_count=132)


def _install_torch():
    torch = types.ModuleType("torch")
    torch.__version__ = "0.0-fake"
    torch.float32, torch.bfloat16, torch.int64 = float32, bfloat16, int64
    torch.version = types.SimpleNamespace(cuda="0.0-fake")
    torch.backends = types.SimpleNamespace(cudnn=types.SimpleNamespace(is_available=lambda: True, version=lambda: 1))
    cuda = types.SimpleNamespace(
        is_available=lambda: True, current_device=lambda: 0, get_device_properties=_properties,
        synchronize=lambda: None, empty_cache=lambda: None,
        mem_get_info=lambda: (FAKE_GPU_BYTES - FakeDevice.allocated - 500 * 2**20, FAKE_GPU_BYTES),
        memory_allocated=lambda: FakeDevice.allocated, memory_reserved=lambda: FakeDevice.allocated,
        max_memory_allocated=lambda: FakeDevice.peak, max_memory_reserved=lambda: FakeDevice.peak,
        reset_peak_memory_stats=lambda: setattr(FakeDevice, "peak", FakeDevice.allocated),
        memory_stats=lambda: {"num_alloc_retries": 0}, OutOfMemoryError=FakeOutOfMemoryError, Event=FakeEvent)
    torch.cuda = cuda
    torch.zeros = lambda *shape, device=None: FakeTensor(shape)
    torch.device = lambda name: contextlib.nullcontext()
    torch.Generator = FakeGenerator
    torch.randint = lambda low, high, size, device=None, generator=None: FakeTensor(size, int64)
    torch.autocast = lambda device, dtype=None, enabled=True: contextlib.nullcontext()
    torch.inference_mode = contextlib.nullcontext
    torch.optim = types.SimpleNamespace(AdamW=FakeOptimizer)
    attention = types.ModuleType("torch.nn.attention")
    attention.SDPBackend = types.SimpleNamespace(FLASH_ATTENTION="flash")
    attention.sdpa_kernel = lambda backend: contextlib.nullcontext()
    nn = types.ModuleType("torch.nn")
    nn.attention = attention
    torch.nn = nn
    sys.modules.update({"torch": torch, "torch.nn": nn, "torch.nn.attention": attention})


class FakeCacheLayer:
    def __init__(self, batch, kv_heads, head_dim):
        self.keys = FakeTensor((batch, kv_heads, 0, head_dim))
        self.values = FakeTensor((batch, kv_heads, 0, head_dim))

    def grow(self, tokens):
        b, h, t, d = self.keys.shape
        FakeDevice.own(self, 2 * b * h * tokens * d * 2)
        self.keys = FakeTensor((b, h, t + tokens, d))
        self.values = FakeTensor((b, h, t + tokens, d))


class FakeCache:
    def __init__(self, config, batch):
        head_dim = config.head_dim
        self.layers = [FakeCacheLayer(batch, config.num_key_value_heads, head_dim)
                       for _ in range(config.num_hidden_layers)]


class FakeLlamaConfig:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)
        self.rope_parameters = {"rope_type": "default", "rope_theta": 10000.0}


class FakeLlamaForCausalLM:
    def __init__(self, config, dtype):
        self.config = config
        h, layers = config.hidden_size, config.num_hidden_layers
        head_dim = config.head_dim
        attention = h * head_dim * (2 * config.num_attention_heads + 2 * config.num_key_value_heads)
        per_layer = attention + 3 * h * config.intermediate_size + 2 * h
        embedding = config.vocab_size * h
        self._params = [FakeParameter(embedding, dtype)] + [FakeParameter(per_layer, dtype) for _ in range(layers)]
        self._params.append(FakeParameter(h, dtype))
        if not config.tie_word_embeddings:
            self._params.append(FakeParameter(embedding, dtype))
        self.checkpointing = False
        FakeDevice.own(self, sum(p.numel() * p.element_size() for p in self._params))

    @classmethod
    def _from_config(cls, config, dtype=None, attn_implementation=None):
        config._attn_implementation = attn_implementation
        return cls(config, dtype)

    def parameters(self):
        return list(self._params)

    def named_parameters(self):
        return [("p%d" % i, p) for i, p in enumerate(self._params)]

    def gradient_checkpointing_enable(self, gradient_checkpointing_kwargs=None):
        assert gradient_checkpointing_kwargs == {"use_reentrant": False}
        self.checkpointing = True

    def train(self):
        return self

    def eval(self):
        return self

    def forward(self, input_ids=None, labels=None, use_cache=None, past_key_values=None, logits_to_keep=0):
        batch, tokens = input_ids.shape
        parameters = sum(p.numel() for p in self._params)
        full = all(p.requires_grad for p in self._params)
        if labels is not None and full and parameters > OOM_PARAMETERS and batch * tokens >= OOM_TOKENS \
                and not self.checkpointing:
            raise FakeOutOfMemoryError("CUDA out of memory. Tried to allocate 2.00 GiB (fake)")
        FakeDevice.peak = max(FakeDevice.peak, FakeDevice.allocated + batch * tokens * self.config.hidden_size * 64)
        cache = None
        if use_cache:
            cache = past_key_values or FakeCache(self.config, batch)
            for layer in cache.layers:
                layer.grow(tokens)
        kept = tokens if not logits_to_keep else logits_to_keep
        return types.SimpleNamespace(loss=FakeTensor((), float32, 10.4), past_key_values=cache,
                                     logits=FakeTensor((batch, kept, self.config.vocab_size), float32))

    __call__ = forward


class FakePeftModel:
    def __init__(self, model, config):
        self.base = model
        self.config = model.config
        for p in model._params:
            p.requires_grad = False
        targets = config.target_modules
        count = 7 if targets == "all-linear" else len(targets)
        self._adapters = [FakeParameter(config.r * 1000, float32) for _ in range(count)]

    def parameters(self):
        return self.base.parameters() + self._adapters

    def named_parameters(self):
        return [("p%d" % i, p) for i, p in enumerate(self.parameters())]

    def train(self):
        return self

    def __call__(self, **kwargs):
        return self.base(**kwargs)


def _install_transformers_and_peft():
    transformers = types.ModuleType("transformers")
    transformers.LlamaConfig = FakeLlamaConfig
    transformers.LlamaForCausalLM = FakeLlamaForCausalLM
    utils = types.ModuleType("transformers.utils")
    utils.is_flash_attn_2_available = lambda: False
    transformers.utils = utils
    peft = types.ModuleType("peft")
    peft.LoraConfig = lambda **kwargs: types.SimpleNamespace(**kwargs)
    peft.get_peft_model = FakePeftModel
    sys.modules.update({"transformers": transformers, "transformers.utils": utils, "peft": peft})


def install():
    """Puts the stand-ins into sys.modules (before measure.py imports torch)."""
    _install_torch()
    _install_transformers_and_peft()
