// A Triton cache entry (or dump directory) as input: sp-opt and sp-run take
// its kernel's .ttir; sp-run also reads num_warps, num_stages and the target
// from its .json when the flags leave them unset.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cat %S/../../../examples/triton36/matmul_ragged_sm90.ttir > %t/matmul_kernel.ttir
// RUN: cat %S/../../../examples/triton36/matmul_ragged_sm90.json > %t/matmul_kernel.json
// RUN: cat %S/../../../examples/triton36/matmul_ragged_sm90.ttgir > %t/matmul_kernel.ttgir
// RUN: sp-opt %t --annotate-sparse=args=a_ptr | FileCheck %s --check-prefix=OPT
// RUN: sp-run %t --spec %S/../../../examples/triton36/matmul_sparse_a.launch.json --set M=40 --set N=70 --set K=50 | FileCheck %s --check-prefix=EXEC
// RUN: cat %S/../../../examples/triton36/matmul_ragged_sm90.ttir > %t/other.ttir
// RUN: not sp-opt %t 2>&1 | FileCheck %s --check-prefix=TWO
// OPT: tt.func public @matmul_kernel(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">>
// EXEC: sp-run: {{.*}}matmul_kernel.ttir @matmul_kernel on cpu
// EXEC: verify C = A @ B: ok (full check, 2800 elements)
// TWO: holds 2 kernels (matmul_kernel, other); name one
