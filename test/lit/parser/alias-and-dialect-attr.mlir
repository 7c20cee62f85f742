// As in MLIR, `#name<...>` with no dot in name is the dialect attribute of namespace `name` (opaque when
// unregistered), and `#name` alone is the alias. The printer names the blocked layout's alias #blocked while an
// opaque #blocked<...> is in the module; both must read back as they were (FuzzParse found the printed form
// refused: the parser took `#blocked<` for the alias).
// RUN: sp-opt %s --allow-unregistered-dialect -o %t.mlir
// RUN: FileCheck %s --input-file %t.mlir
// RUN: sp-opt %t.mlir --allow-unregistered-dialect | FileCheck %s
// RUN: sp-opt %t.mlir --allow-unregistered-dialect --mlir-print-op-generic | sp-opt --allow-unregistered-dialect - | FileCheck %s
// CHECK: #blocked = #triton_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #blocked<{order = [0]}>>
// CHECK: tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
#b = #blocked<{order = [0]}>
#b2 = #triton_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"triton_gpu.num-warps" = 4 : i32} {
  tt.func @f() {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #b>
    %s = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b2>
    tt.return
  }
}
