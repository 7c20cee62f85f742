package ttgpu

// Op names of the triton_gpu dialect (canonical spelling), for code that
// matches ops by name outside this package.
const (
	ConvertLayoutOpName          = "triton_gpu.convert_layout"
	LocalAllocOpName             = "triton_gpu.local_alloc"
	LocalLoadOpName              = "triton_gpu.local_load"
	LocalStoreOpName             = "triton_gpu.local_store"
	LocalDeallocOpName           = "triton_gpu.local_dealloc"
	MemdescSubviewOpName         = "triton_gpu.memdesc_subview"
	MemdescIndexOpName           = "triton_gpu.memdesc_index"
	MemdescSubsliceOpName        = "triton_gpu.memdesc_subslice"
	GlobalScratchAllocOpName     = "triton_gpu.global_scratch_alloc"
	AsyncCopyGlobalToLocalOpName = "triton_gpu.async_copy_global_to_local"
	AsyncCommitGroupOpName       = "triton_gpu.async_commit_group"
	AsyncWaitOpName              = "triton_gpu.async_wait"
)
