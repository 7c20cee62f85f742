// Exercises the interpreter's non-matmul ops; each program writes its
// results at out[8*pid .. 8*pid+7]:
//   0: sum of 0..7 by tt.reduce (28)       1: max of |x - 3.5| by tt.reduce (3.5)
//   2: scf.while counting to n (n)         3: scf.if on pid parity (pid even: 1, odd: -1)
//   4: tt.call of a device function (2*pid)  5: element [1][2] of tt.trans of a 2x4 arange (6)
//   6: math.exp(0) + math.sqrt(16) (5)     7: select/cmp: number of even lanes of 0..7 (4)
// and every program does atomic_rmw add 1 to counter[0].
module {
  tt.func private @twice(%x: f32) -> f32 {
    %y = arith.addf %x, %x : f32
    tt.return %y : f32
  }
  tt.func public @ops(%out: !tt.ptr<f32>, %counter: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c8 = arith.constant 8 : i32
    %one = arith.constant 1.0 : f32
    %mone = arith.constant -1.0 : f32
    %half = arith.constant dense<3.5> : tensor<8xf32>
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %c8 : i32
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %f = arith.sitofp %r : tensor<8xi32> to tensor<8xf32>
    %sum = "tt.reduce"(%f) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<8xf32>) -> f32
    %d = arith.subf %f, %half : tensor<8xf32>
    %ad = math.absf %d : tensor<8xf32>
    %mx = "tt.reduce"(%ad) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<8xf32>) -> f32
    %w = scf.while (%i = %c0) : (i32) -> i32 {
      %lt = arith.cmpi slt, %i, %n : i32
      scf.condition(%lt) %i : i32
    } do {
    ^bb0(%i: i32):
      %i1 = arith.addi %i, %c1 : i32
      scf.yield %i1 : i32
    }
    %wf = arith.sitofp %w : i32 to f32
    %par = arith.remsi %pid, %c2 : i32
    %even = arith.cmpi eq, %par, %c0 : i32
    %sel = scf.if %even -> (f32) {
      scf.yield %one : f32
    } else {
      scf.yield %mone : f32
    }
    %pf = arith.sitofp %pid : i32 to f32
    %tw = tt.call @twice(%pf) : (f32) -> f32
    %r2 = tt.reshape %f : tensor<8xf32> -> tensor<2x4xf32>
    %tr = tt.trans %r2 {order = array<i32: 1, 0>} : tensor<2x4xf32> -> tensor<4x2xf32>
    %tr1 = tt.reshape %tr : tensor<4x2xf32> -> tensor<8xf32>
    %zero = arith.constant 0.0 : f32
    %e = math.exp %zero : f32
    %c16f = arith.constant 16.0 : f32
    %sq = math.sqrt %c16f : f32
    %ms = arith.addf %e, %sq : f32
    %twos = tt.splat %c2 : i32 -> tensor<8xi32>
    %rem = arith.remsi %r, %twos : tensor<8xi32>
    %zi = tt.splat %c0 : i32 -> tensor<8xi32>
    %iseven = arith.cmpi eq, %rem, %zi : tensor<8xi32>
    %ones = tt.splat %one : f32 -> tensor<8xf32>
    %zeros = tt.splat %zero : f32 -> tensor<8xf32>
    %pick = arith.select %iseven, %ones, %zeros : tensor<8xi1>, tensor<8xf32>
    %cnt = "tt.reduce"(%pick) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<8xf32>) -> f32
    // lane 5 of the transposed, flattened tensor is element [2][1] of 4x2 = [1][2] of 2x4 = 6
    %idx5 = arith.constant dense<5> : tensor<8xi32>
    %is5 = arith.cmpi eq, %r, %idx5 : tensor<8xi32>
    %only5 = arith.select %is5, %tr1, %zeros : tensor<8xi1>, tensor<8xf32>
    %t5 = "tt.reduce"(%only5) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<8xf32>) -> f32
    %p0 = tt.addptr %out, %base : !tt.ptr<f32>, i32
    tt.store %p0, %sum : !tt.ptr<f32>
    %p1 = tt.addptr %p0, %c1 : !tt.ptr<f32>, i32
    tt.store %p1, %mx : !tt.ptr<f32>
    %p2 = tt.addptr %p1, %c1 : !tt.ptr<f32>, i32
    tt.store %p2, %wf : !tt.ptr<f32>
    %p3 = tt.addptr %p2, %c1 : !tt.ptr<f32>, i32
    tt.store %p3, %sel : !tt.ptr<f32>
    %p4 = tt.addptr %p3, %c1 : !tt.ptr<f32>, i32
    tt.store %p4, %tw : !tt.ptr<f32>
    %p5 = tt.addptr %p4, %c1 : !tt.ptr<f32>, i32
    tt.store %p5, %t5 : !tt.ptr<f32>
    %p6 = tt.addptr %p5, %c1 : !tt.ptr<f32>, i32
    tt.store %p6, %ms : !tt.ptr<f32>
    %p7 = tt.addptr %p6, %c1 : !tt.ptr<f32>, i32
    tt.store %p7, %cnt : !tt.ptr<f32>
    %true = arith.constant true
    %old = tt.atomic_rmw add, relaxed, gpu, %counter, %c1, %true : (!tt.ptr<i32>, i32, i1) -> i32
    tt.return
  }
}
