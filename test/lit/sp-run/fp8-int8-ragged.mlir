// 8-bit 2:4 matmuls on the CPU interpreter at ragged shapes (multiples of
// neither 16 nor the 128x128x128 tile), verified against a float64
// reference: e4m3 and e5m2 with per-row and per-column scales in the
// epilogue (C = (A @ Bt.T) * sa * sb, as torch._scaled_mm), int8 exactly.
// The host pads K to 32 (one band16k32 word pair) and M to 16 (a band) and
// the kernel's masks keep the padding out; the pointer-tensor kernels read
// A's metadata in band16k32, a sparse B of 8-bit elements in band16k32t.
// RUN: sp-run %S/../../../examples/fp8/scaled_mm_e4m3.ttir --spec %S/../../../examples/fp8/scaled_mm.json | FileCheck %s --check-prefix=E4M3
// RUN: sp-run %S/../../../examples/fp8/scaled_mm_e4m3.ttir --spec %S/../../../examples/fp8/scaled_mm.json --set M=17 --set N=5 --set K=33 | FileCheck %s --check-prefix=SMALL
// RUN: sp-run %S/../../../examples/fp8/scaled_mm_e5m2.ttir --spec %S/../../../examples/fp8/scaled_mm.json --tensor A=MxK:f8e5m2 --tensor Bt=NxK:f8e5m2 --set M=150 --set N=131 --set K=260 | FileCheck %s --check-prefix=E5M2
// RUN: sp-run %S/../../../examples/fp8/mm_i8.ttir --spec %S/../../../examples/fp8/mm_i8.json --set M=145 --set N=200 --set K=300 | FileCheck %s --check-prefix=I8
// RUN: not sp-run %S/../../../examples/fp8/mm_i8.ttir --spec %S/../../../examples/fp8/mm_i8.json --scalar stride_am=300 --set K=300 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: sp-run %S/../../../examples/fp8/scaled_mm_e4m3.ttir --spec %S/../../../examples/fp8/scaled_mm.json --save A=%t.f8a.npy --save Bt=%t.f8b.npy --save sa=%t.sa.npy --save sb=%t.sb.npy --save C=%t.f8c.npy
// RUN: sp-run %S/../../../examples/fp8/scaled_mm_e4m3.ttir --spec %S/../../../examples/fp8/scaled_mm.json --prune=false --input A=%t.f8a.npy --input Bt=%t.f8b.npy --input sa=%t.sa.npy --input sb=%t.sb.npy --save C=%t.f8c2.npy | FileCheck %s --check-prefix=NPY
// RUN: cmp %t.f8c.npy %t.f8c2.npy
// Block-pointer kernels (band16k32 metadata, M % 16 == 0, K % 32 == 0; N ragged):
// RUN: sp-run %S/../../../examples/fp8/scaled_mm_e4m3_bp.mlir --spec %S/../../../examples/fp8/scaled_mm.json --set M=144 --set N=136 --set K=320 | FileCheck %s --check-prefix=BP
// RUN: sp-run %S/../../../examples/fp8/mm_i8_bp.mlir --spec %S/../../../examples/fp8/mm_i8.json --set M=144 --set N=72 --set K=192 | FileCheck %s --check-prefix=BPI8
// BP: A          f8E4M3FN[144x320], pruned to 2:4 operand A: values f8E4M3FN[144x160], metadata i16[9x320] (band16k32)
// BP: verify C = (A @ Bt.T) * sa * sb: ok
// BPI8: (band16k32)
// BPI8: verify C = A @ Bt.T: ok
// BPI8-NEXT: worst element {{.*}} error 0, tolerance 0
// E4M3: A          f8E4M3FN[130x200], pruned to 2:4 operand A: values f8E4M3FN[144x112], metadata i16[9x224] (band16k32)
// E4M3: stride_am  i32 = 224
// E4M3: verify C = (A @ Bt.T) * sa * sb: ok (full check, 16770 elements)
// SMALL: verify C = (A @ Bt.T) * sa * sb: ok (full check, 85 elements)
// E5M2: A          f8E5M2[150x260], pruned to 2:4 operand A: values f8E5M2[160x144]
// E5M2: verify C = (A @ Bt.T) * sa * sb: ok (full check, 19650 elements)
// I8: A          i8[145x300], pruned to 2:4 operand A: values i8[160x160], metadata i16[10x320] (band16k32)
// I8: verify C = A @ Bt.T: ok (full check, 29000 elements)
// I8-NEXT: worst element {{.*}} error 0, tolerance 0
// STRIDE: MISMATCH
// NPY: A          f8E4M3FN[130x200], validated 2:4 operand A
// NPY: verify C = (A @ Bt.T) * sa * sb: ok
