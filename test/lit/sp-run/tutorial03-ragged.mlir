// The Triton tutorial 03 matmul as Triton 3.6 dumps it (pointer tensors,
// masked loads, tl.assume; examples/triton36/matmul_ragged_sm90.ttir, whose
// M, N, K carry no divisibility), with a plain pointer marked 2:4 by the launch
// ("sparse": "A" or "B" runs annotate-sparse): at shapes that are multiples
// of neither 16 nor the 128x128x64 tile, the host pads K and the rows of
// the metadata (M for A's band16, N for B's band16t) to 16, the kernel's
// masks keep the padding out, and the result verifies.
// RUN: sp-run %S/../../../examples/triton36/matmul_ragged_sm90.ttir --spec %S/../../../examples/triton36/matmul_sparse_a.launch.json --set M=130 --set N=129 --set K=100 | FileCheck %s --check-prefix=OPA
// RUN: sp-run %S/../../../examples/triton36/matmul_ragged_sm90.ttir --spec %S/../../../examples/triton36/matmul_sparse_a.launch.json --set M=17 --set N=3 --set K=5 | FileCheck %s --check-prefix=SMALL
// Rows past M wrap ((pid * 128 + arange) % M): a wrapped band start is not a
// multiple of 16, and its band16 metadata address (the band of the row
// times the row stride) must still fall inside the buffer.
// RUN: sp-run %S/../../../examples/triton36/matmul_ragged_sm90.ttir --spec %S/../../../examples/triton36/matmul_sparse_a.launch.json --set M=41 --set N=7 --set K=1001 | FileCheck %s --check-prefix=WRAP
// RUN: sp-run %S/../../../examples/triton36/matmul_ragged_sm90.ttir --spec %S/../../../examples/triton36/matmul_sparse_b.launch.json --set M=33 --set N=250 --set K=130 | FileCheck %s --check-prefix=OPB
// RUN: not sp-run %S/../../../examples/triton36/matmul_ragged_sm90.ttir --spec %S/../../../examples/triton36/matmul_sparse_a.launch.json --set M=130 --set N=129 --set K=100 --scalar stride_am=100 2>&1 | FileCheck %s --check-prefix=STRIDE
// OPA: A          f16[130x100], pruned to 2:4 operand A: values f16[144x56], metadata i16[9x112] (band16)
// OPA: stride_am  i32 = 112
// OPA: verify C = A @ B: ok (full check, 16770 elements)
// SMALL: verify C = A @ B: ok (full check, 51 elements)
// WRAP: verify C = A @ B: ok (full check, 287 elements)
// OPB: B          f16[130x250], pruned to 2:4 operand B: values f16[72x256], metadata i16[144x16] (band16t)
// OPB: verify C = A @ B: ok (full check, 8250 elements)
// STRIDE: MISMATCH
