// RUN: sp-opt %s -split-input-file --decompose-sparse-tensors | FileCheck %s
// RUN: sp-opt %s -split-input-file --decompose-sparse-tensors | sp-opt -split-input-file | FileCheck %s
// A tensor descriptor of a 2:4 operand A (Triton 3.6's TMA form) splits into a values descriptor
// (K halved) and a band16 metadata descriptor over whole bands (cdiv(M, 16) rows); each load into
// two loads at [x, y/2] and [x/16, y].

// CHECK-LABEL: tt.func @desc(
// CHECK-SAME: %[[V:[a-z0-9]+]]: !tt.ptr<f16> {{.*}}%[[E:[a-z0-9]+]]: !tt.ptr<i16>
// CHECK: %[[K2:[a-z0-9]+]] = arith.shrsi %[[K:[a-z0-9]+]], %{{.+}} : i32
// CHECK: %[[S2:[a-z0-9]+]] = arith.shrsi %[[S:[a-z0-9]+]], %{{.+}} : i64
// CHECK: %[[M15:[a-z0-9]+]] = arith.addi %[[M:[a-z0-9]+]], %{{.+}} : i32
// CHECK: %[[B:[a-z0-9]+]] = arith.shrsi %[[M15]], %{{.+}} : i32
// CHECK: %[[VD:[a-z0-9]+]] = tt.make_tensor_descriptor %[[V]], [%[[M]], %[[K2]]], [%[[S2]], %{{.+}}] : !tt.ptr<f16>, !tt.tensordesc<tensor<128x32xf16>>
// CHECK: %[[MD:[a-z0-9]+]] = tt.make_tensor_descriptor %[[E]], [%[[B]], %[[K]]], [%[[S]], %{{.+}}] : !tt.ptr<i16>, !tt.tensordesc<tensor<8x64xi16>>
// CHECK: tt.descriptor_load %[[VD]][%{{.+}}, %{{.+}}] : !tt.tensordesc<tensor<128x32xf16>> -> tensor<128x32xf16>
// CHECK: tt.descriptor_load %[[MD]][%{{.+}}, %{{.+}}] : !tt.tensordesc<tensor<8x64xi16>> -> tensor<8x64xi16>
// CHECK: tt.dot %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, sparseIndex = 0
tt.func @desc(%a: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32, %K: i32, %x: i32, %y: i32) -> tensor<128x64xf32> {
  %c1 = arith.constant 1 : i64
  %s = arith.extsi %K : i32 to i64
  %ad = tt.make_tensor_descriptor %a, [%M, %K], [%s, %c1] : !tt.ptr<f16, #tt.sparse<"NV24">>, !tt.tensordesc<tensor<128x64xf16, #tt.sparse<"NV24">>>
  %bd = tt.make_tensor_descriptor %b, [%K, %M], [%s, %c1] : <f16>, <tensor<64x64xf16>>
  %av = tt.descriptor_load %ad[%x, %y] : !tt.tensordesc<tensor<128x64xf16, #tt.sparse<"NV24">>> -> tensor<128x64xf16, #tt.sparse<"NV24">>
  %bv = tt.descriptor_load %bd[%y, %x] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  %z = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
  %d = tt.dot %av, %bv, %z : tensor<128x64xf16, #tt.sparse<"NV24">> * tensor<64x64xf16> -> tensor<128x64xf32>
  tt.return %d : tensor<128x64xf32>
}
