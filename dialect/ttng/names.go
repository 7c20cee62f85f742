package ttng

// Op names of the triton_nvidia_gpu dialect (canonical spelling), for code that
// matches ops by name outside this package.
const (
	WarpGroupDotOpName               = "triton_nvidia_gpu.warp_group_dot"
	WarpGroupDotWaitOpName           = "triton_nvidia_gpu.warp_group_dot_wait"
	FenceAsyncSharedOpName           = "triton_nvidia_gpu.fence_async_shared"
	InitBarrierOpName                = "triton_nvidia_gpu.init_barrier"
	WaitBarrierOpName                = "triton_nvidia_gpu.wait_barrier"
	BarrierExpectOpName              = "triton_nvidia_gpu.barrier_expect"
	AsyncTmaCopyGlobalToLocalOpName  = "triton_nvidia_gpu.async_tma_copy_global_to_local"
	AsyncTmaCopyLocalToGlobalOpName  = "triton_nvidia_gpu.async_tma_copy_local_to_global"
	TcGen5MmaOpName                  = "triton_nvidia_gpu.tc_gen5_mma"
	InvalBarrierOpName               = "triton_nvidia_gpu.inval_barrier"
	ArriveBarrierOpName              = "triton_nvidia_gpu.arrive_barrier"
	AsyncTmaStoreWaitOpName          = "triton_nvidia_gpu.async_tma_store_wait"
	ReinterpretTensorDescOpName      = "triton_nvidia_gpu.reinterpret_tensor_descriptor"
	TensormapCreateOpName            = "triton_nvidia_gpu.tensormap_create"
	TensormapFenceproxyAcquireOpName = "triton_nvidia_gpu.tensormap_fenceproxy_acquire"
	ClusterArriveOpName              = "triton_nvidia_gpu.cluster_arrive"
	ClusterWaitOpName                = "triton_nvidia_gpu.cluster_wait"
	ClusterCTAIdOpName               = "triton_nvidia_gpu.cluster_cta_id"
)

// AttrClusterCTAs is the module attribute of a kernel whose programs are
// clusters of CTAs (tritongpu-split-cta-tiles, sp-pipeline num-ctas): the
// CTAs per cluster.
const AttrClusterCTAs = "sp.cluster_ctas"
