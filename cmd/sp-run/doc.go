// Command sp-run compiles a Triton kernel, binds its arguments from a
// launch description, runs it on the CPU reference interpreter (default,
// runtime/cpu) or an NVIDIA GPU (-tags cuda, runtime/cuda), verifies the
// result against a float64 reference and optionally benchmarks it.
//
//	sp-run examples/sparse_matmul.mlir                  # CPU, spec examples/sparse_matmul.json
//	sp-run k.mlir --backend cuda --bench                # GPU: sp-pipeline + lower/ptx, CUDA events
//	sp-run k.mlir --backend cuda --num-warps 8 --pipeline-options "tma=true"   # more sp-pipeline options
//	sp-run k.ptx --manifest k.manifest.json --backend cuda
//	sp-run bench bench/sparse_matmul.bench.json         # shape sweep: markdown, JSON, PNG
//	sp-run tune bench/tuning/space.json -o rec.jsonl    # tuning sweep: one JSONL record per candidate
//
// # Timing, tuning and the bench sweep
//
// --timing single|back-to-back|graph (bench.go, runtime/cuda.TimeMode):
// one launch between two CUDA events; --batch launches between two events;
// a CUDA graph of --batch launches captured from a non-default stream and
// replayed. Times are per launch; L2 is never flushed. `sp-run bench`
// takes a list of modes (the first is the headline) and, with "tuning"
// records, runs per shape the fastest verified record's kernel, num-warps,
// num-stages and SPLIT_K for the device; "roofline" draws TFLOP/s against
// FLOP/byte under the given ceilings, with --peers points (bench/run_bench.py
// writes them). `sp-run tune` (tune.go) enumerates a declared space, kernel
// variants x num-warps x num-stages x split-K (variants whose launch spec
// has a SPLIT_K variable), over the shapes; each candidate is compiled
// (cached), launched once into fresh outputs, verified, then timed, and
// written as one JSONL record (kernel relative to the file, function,
// arch, GPU, shape, config, timing, samples, TFLOP/s, GB/s, verified,
// error). Inputs of a shape are made and uploaded once. A kernel fault
// ends the process's CUDA context, so the rest of the list continues in a
// child process. --shard I/N runs a contiguous block of the list,
// --devices runs one shard per GPU and merges; `sp-run tune merge` merges
// record files (the latest record per candidate wins). Bench files and
// tuning spaces take "pipelineOptions" as --pipeline-options does.
//
// # Pipeline (style.md P3: fixed, built in code, no registry)
//
// A Triton IR input (.ttir, .ttgir, .source or .mlir: TTIR, or TTGIR for
// the CPU) is parsed and verified; for Triton's own file names the default
// launch spec is k.launch.json (k.json is Triton's metadata). A plain
// pointer parameter that the launch marks "sparse": "A" or "B" is marked
// 2:4 by annotate-sparse first. A Triton cache entry or dump directory is
// accepted as input: its kernel's .ttir (else .source, .ttgir), with
// num_warps, num_stages and the target taken from its .json unless given. The
// CPU back end runs decompose-sparse-tensors and canonicalize (pipeline.go)
// and interprets the result; the CUDA back end runs sp-pipeline for the
// device's target (its element list from passes/encoding, instantiated
// pass by pass) and lower/ptx, whose manifest gives the parameters, their
// roles (values, metadata, dense, scalar), threads per block, dynamic
// shared memory and the metadata layout. A .ptx input needs that manifest
// (--manifest, X.manifest.json, or a `// sp-manifest-begin` block).
//
// # Binding
//
// The launch spec's arguments follow the kernel's source parameters; a
// `!tt.ptr<T, #tt.sparse<"NV24">>` parameter (or, in decomposed TTIR and
// PTX, a values pointer followed by an i16 metadata pointer) takes one
// dense matrix, which is magnitude-pruned (--prune) or validated, and
// compressed with sparse.Compress (operand A) or sparse.CompressB (B) into
// exactly the layout the kernel reads (band16 after decomposition of block
// pointers, the sp.metadata_layout of the metadata parameter for pointer
// tensors: band16 for A, band16t for B; the manifest's metadataLayout for
// PTX). For pointer-tensor kernels the matrix is zero-padded first (K, and
// the metadata's rows, M for A and N for B, to multiples of 16) so that any
// M, N, K runs; the kernel's
// masks keep the padding out and its row strides are the padded ones. Whether the matrix is operand A or B
// comes from the tt.dot it feeds, or from the spec's "sparse".
//
// A compressed operand A ("values" and "meta" .npy files, "metaLayout" the
// layout of the metadata, cutlass-sm80 by default as PyTorch's
// to_sparse_semi_structured writes it) is not pruned or validated: its
// metadata is permuted into the kernel's layout (metaconv.go; on the
// device by the CUDA runner, whose result is checked against the host
// conversion) and the dense matrix it stands for is the verification's
// reference input.
//
// # Verification and exit status
//
// "verify": "C = A @ B" compares C with the float64 product of the dense
// (pruned) inputs; element (i, j) passes when
//
//	|c - ref| <= atol + rtol·|ref| + sqrt(K)·2⁻²²·Σₖ|a_ik·b_kj|
//
// (atol 1e-5, rtol one ulp of C's type, the last term fp32 accumulation;
// 2⁻¹³·Σₖ|a_ik·b_kj| where the kernel's PTX runs fp8 products on Hopper's
// wgmma, whose accumulator keeps about 14 bits: fp8AccumBound).
// Up to M·N·K = 2²⁸ every element is checked, above it a sample of 64
// random rows by 64 random columns (--check, --samples). Any error (bad
// input, launch failure, mismatch) prints one `sp-run: error:` line (or
// the report with the worst element) and exits 1; sp-run never panics on
// bad input.
package main
