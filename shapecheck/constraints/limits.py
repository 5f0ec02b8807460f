"""The solver's step limit, apart from the solver: the options (``absint/driver/project.py``)
default to it, and a warm ``check`` that answers every file from the cache reads the options
without importing the solver (with its interval, dim and witness modules: ~0.2 s of a warm
run's start-up where bytecode is not cached)."""

#: Z3 steps one check may take (``rlimit``; the same count on every machine and under any load).
#: Calibrated on the real-code corpora with a 40M limit (BENCHMARKS.md, "Deterministic solver
#: limits"): of 921 questions that reached Z3, 99% took under 1.5M steps, 7 over 2M, 5 never
#: finished; 5M steps is about a second of one core, the wall-clock time-out this replaces.
RLIMIT = 5_000_000

#: Z3 steps for a question whose requirement divides by unknowns nested ``NESTED_DIVISIONS`` deep
#: or more (``(a*(b//(c*(d//e))))%(f*f)``: each division by an unknown is a quotient and remainder
#: Z3's non-linear search must guess). Measured on the corpora (BENCHMARKS.md, "Decisions are
#: cheap"): every such question Z3 decided took under 25,000 steps (vit-pytorch's depth-3 reshapes),
#: and timm's one depth-4 question (swin_transformer_v2.py's window attention) ran to any limit
#: tried, 5M and 50M, without an answer: 1-3 s of timm's CPU. 20x the most a decided one took.
NESTED_DIVISIONS = 3
RLIMIT_NESTED = 500_000

#: A requirement whose dims multiply this many unknowns (``b*c_head*ceil*ceil*num_heads*t*w_h*w_w``,
#: a window attention's reshape) gets RLIMIT_NESTED steps too: Z3's non-linear steps grow dear with
#: the degree, and 5M of them took 22 s of one core on pytorchcv's ProPainter (one question, no
#: answer). Measured on vit-pytorch, timm, diffusers, torchvision and pytorchcv (BENCHMARKS.md,
#: "Stop 50"): of 20 questions of degree 5 to 8 that reached Z3, the 16 decided took at most 32,522
#: steps; the other 4 ran to the limit.
HIGH_DEGREE = 5

#: Z3 steps for a question over every iteration of a loop (``decide_for_all``: a ForAll over the loop's
#: index): Z3's quantifier instantiation spends its time where few steps are counted (qiskit's
#: ``pmatrix.py``: three questions ran to the 60 s wall-clock back-stop having counted 3.2M steps). Of
#: 151 such questions on eight corpora (BENCHMARKS.md, "Stop 50"), every one decided took at most
#: 12,673 steps; this is 8 times that.
RLIMIT_QUANTIFIED = 100_000

