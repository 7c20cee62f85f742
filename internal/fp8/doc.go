// Package fp8 converts between float64 and the two 8-bit float formats
// that sparse tensor cores read: E4M3FN (OCP "e4m3": 4 exponent bits, bias
// 7, 3 mantissa bits, no infinities, NaN = S.1111.111, largest finite
// 448) and E5M2 (IEEE-754-like: 5 exponent bits, bias 15, 2 mantissa bits,
// ±Inf = S.11111.00, NaN = S.11111.{01,10,11}, largest finite 57344).
// Both have subnormals (exponent field 0).
//
// Invariants: Decode is exact (every code is a float64); Encode rounds to
// nearest, ties to even, exactly (no double rounding: the input is a
// float64 and the rounding is done on its exact value). NaN encodes as
// 0x7f (sign kept: 0xff), the canonical NaN that PTX's cvt produces.
// Overflow (a rounded magnitude above the largest finite value, or an
// infinite input) depends on the mode: Saturate gives the largest finite
// value of the same sign, as PTX cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 (the
// only conversions to fp8 the hardware has) and Triton's fp_to_fp do;
// IEEE gives NaN for E4M3FN and ±Inf for E5M2, as MLIR's APFloat and
// PyTorch's non-saturating casts do. Decode(Encode(Decode(b))) == Decode(b)
// for every non-NaN code b.
package fp8
