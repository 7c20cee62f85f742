//go:build !cuda

package main

import "errors"

// errNoCUDA is returned by the GPU paths of a build without -tags cuda.
var errNoCUDA = errors.New("this sp-run was built without CUDA support: rebuild with -tags cuda (see scripts/fetch-cuda.sh and the README), or use --backend cpu")

func newCUDARunner(*program, int) (runner, error) { return nil, errNoCUDA }

func compileGPU(*program, options) error { return errNoCUDA }

func gpuName(int) (string, error) { return "", errNoCUDA }
