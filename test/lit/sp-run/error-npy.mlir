// .npy inputs that cannot be read: not a .npy file, a missing file, a
// wrong element type, a shape that differs from the spec.
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --input B=%S/Inputs/not-npy.npy 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: sp-run: error: argument 1 (B): cannot read the .npy input: {{.*}}not-npy.npy: not a .npy file (bad magic)
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --input B=%S/Inputs/does-not-exist.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: sp-run: error: argument 1 (B): cannot read the .npy input: open {{.*}}does-not-exist.npy: no such file or directory
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --input B=%S/Inputs/f32-4x4.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: sp-run: error: argument 1 (B): dtype mismatch: {{.*}}f32-4x4.npy holds f32, the kernel parameter is !tt.ptr<f16>
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --input B=%S/Inputs/f16-4x4.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: sp-run: error: argument 1 (B): shape mismatch: {{.*}}f16-4x4.npy has shape 4x4, the launch says 256x256
// RUN: not sp-run %S/../../../examples/sparse_matmul.mlir --input B=%S/Inputs/truncated.npy 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: sp-run: error: argument 1 (B): cannot read the .npy input: {{.*}}truncated.npy: shape (4, 4) of f16 needs 32 data bytes, the file has 30
