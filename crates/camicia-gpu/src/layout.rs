//! What the host and the kernels share: the constants, the parameters of a batch, and the
//! bindings.

/// Finished games of fewer cards than this are counted in the histograms on the GPU; longer
/// ones, about one game in a hundred thousand, are all finds.
pub(crate) const HISTOGRAM: u32 = 4096;
/// The record of a deal whose game the host plays again, and a place in the pool that holds no
/// deal.
pub(crate) const NONE: u32 = u32::MAX;
/// A game that has laid this many cards without ending is played again by the host: a finished
/// game's cards and tricks then fit in 16 bits each of its record. The longest one-pack game
/// known lays 8,344 cards, and the guard bounds a thread's game, which a driver may end after a
/// few seconds.
pub(crate) const GUARD: u32 = 0xffff;
/// Threads per workgroup of every pass: a multiple of every subgroup width (8 on lavapipe, 32 on
/// NVIDIA's GPUs, 32 or 64 on AMD's), and the most WebGPU's defaults allow.
pub(crate) const WIDTH: u32 = 256;
/// Deals of a workgroup's pool: three parts of a deal a thread, one dealt while two are played
/// from.
const POOL: u32 = 3 * WIDTH;
/// What the play's thread 0 tells the others when their workgroup is done.
const DONE: u32 = u32::MAX;
/// Steps a thread plays between the points where its workgroup meets to deal (a step: up to
/// three payments, then the trick and the next round's opening; a game takes some 38): more
/// meetings cost barriers, fewer starve the pool, which gains a part of WIDTH deals a meeting
/// (measured when a step was a round, on lavapipe: 16, 24 and 32 took 6.1, 5.7 and 5.5 s of
/// CPU time over 4·10⁶ deals, the lanes 95, 95 and 94% busy).
const STEPS: u32 = 24;
/// Indices a thread steps through in index order after unranking the first.
const SEGMENT: u32 = 64;
/// The most deals a workgroup of the play takes from its batch: some 64 games a thread. Mesa's
/// llvmpipe (lavapipe) ends every loop of a shader's invocation once its loops together have run
/// 65,535 times (`LP_MAX_TGSI_LOOP_ITERATIONS`, shared by every loop of the shader), some 290
/// games of a thread when a step was a round (its payments a loop), more now: a workgroup that
/// took deals as long as any were left played most of a batch where few ran at once (2 llvmpipe
/// threads), was cut off, and lost its games (measured: 200,000 deals on 12 workgroups, 2 of
/// them cut off, 150,000 games lost).
pub(crate) const GROUP_DEALS: u32 = WIDTH * SEGMENT;
/// Bins of the histograms of cards and of tricks kept in workgroup memory: 99% of the games lay
/// fewer cards, and nearly all take fewer tricks; the others are counted in the batch's
/// histograms directly.
const WORKGROUP_CARDS: u32 = 1024;
const WORKGROUP_TRICKS: u32 = 256;

// The threshold's threads share the histogram evenly, and the workgroups' histograms are parts
// of the batch's.
const _: () = assert!(
    HISTOGRAM.is_multiple_of(WIDTH)
        && WORKGROUP_CARDS <= HISTOGRAM
        && WORKGROUP_TRICKS <= HISTOGRAM
);

/// Where a batch's deals come from, as the play's pipelines are compiled for each.
pub(crate) const RANDOM: u32 = 0;
pub(crate) const INDEX: u32 = 1;
pub(crate) const GIVEN: u32 = 2;

/// The counters at the head of the tally: the batch's counter of deals handed out, the finds,
/// the finished games of [`HISTOGRAM`] cards or more, the threshold of the gathering, and how
/// the play's threads spent their steps (the idle steps in two words, low first).
const NEXT: u32 = 0;
pub(crate) const FOUND: u32 = 1;
pub(crate) const LONG: u32 = 2;
pub(crate) const THRESHOLD: u32 = 3;
pub(crate) const STEPS_TAKEN: u32 = 4;
pub(crate) const TAIL_STEPS: u32 = 5;
pub(crate) const LONGEST_TAIL: u32 = 6;
pub(crate) const IDLE_LOW: u32 = 7;
pub(crate) const IDLE_HIGH: u32 = 8;
/// Threads of the play that left their loop without being told their workgroup was done: a
/// driver that ends long loops (llvmpipe's limit, above) cut them short, and the batch is void.
pub(crate) const CUT_SHORT: u32 = 9;
/// Where the histograms of cards and of tricks start in the tally.
pub(crate) const CARDS: u32 = 10;
pub(crate) const TRICKS: u32 = CARDS + HISTOGRAM;
/// Words of the tally, and its bytes.
const TALLY: u64 = TRICKS as u64 + HISTOGRAM as u64;
pub(crate) const TALLY_BYTES: u64 = 4 * TALLY;

/// Bytes of a given deal in its buffer, and of the lengths of a deal not dealt 26 and 26.
pub(crate) const DEAL: u64 = 12;
pub(crate) const LENGTHS: u64 = 4;
/// Bytes of a record and of a find.
pub(crate) const RECORD: u64 = 4;
pub(crate) const FIND: u64 = 8;
/// The most bytes a deal takes in any one buffer: a given deal with its lengths, more than its
/// record or its find. A batch's largest buffer is this many bytes a deal.
pub(crate) const WIDEST: u64 = {
    let most = if FIND > RECORD { FIND } else { RECORD };
    if DEAL + LENGTHS > most {
        DEAL + LENGTHS
    } else {
        most
    }
};
/// Bytes of the parameters (the WGSL struct `Params`: six words, a `vec3` at 32, the key at 48).
pub(crate) const PARAMS: u64 = 80;

/// The WGSL of the kernels: the constants they share with the host, then the files.
pub(crate) fn source() -> String {
    let deals = camicia::index::DEALS;
    let limbs: Vec<String> = (0..5)
        .map(|i| format!("{}u", (deals >> (16 * i)) & 0xffff))
        .collect();
    let constants = [
        ("HISTOGRAM", HISTOGRAM),
        ("NONE", NONE),
        ("GUARD", GUARD),
        ("WIDTH", WIDTH),
        ("POOL", POOL),
        ("DONE", DONE),
        ("STEPS", STEPS),
        ("SEGMENT", SEGMENT),
        ("GROUP_DEALS", GROUP_DEALS),
        ("WORKGROUP_CARDS", WORKGROUP_CARDS),
        ("WORKGROUP_TRICKS", WORKGROUP_TRICKS),
        ("RANDOM", RANDOM),
        ("INDEX", INDEX),
        ("GIVEN", GIVEN),
        ("NEXT", NEXT),
        ("FOUND", FOUND),
        ("LONG", LONG),
        ("THRESHOLD", THRESHOLD),
        ("STEPS_TAKEN", STEPS_TAKEN),
        ("TAIL_STEPS", TAIL_STEPS),
        ("LONGEST_TAIL", LONGEST_TAIL),
        ("IDLE_LOW", IDLE_LOW),
        ("IDLE_HIGH", IDLE_HIGH),
        ("CUT_SHORT", CUT_SHORT),
        ("CARDS", CARDS),
        ("TRICKS", TRICKS),
    ];
    let mut source = String::from("// Shared with the host (crates/camicia-gpu/src/layout.rs).\n");
    for (name, value) in constants {
        source.push_str(&format!("const {name}: u32 = {value}u;\n"));
    }
    source.push_str(&format!(
        "// The number of one-pack deals, as five 16-bit limbs, the lowest first.\n\
         const DEALS = array<u32, 5>({});\n",
        limbs.join(", ")
    ));
    for file in [
        include_str!("shaders/wide.wgsl"),
        include_str!("shaders/game.wgsl"),
        include_str!("shaders/index.wgsl"),
        include_str!("shaders/deal.wgsl"),
        include_str!("shaders/kernels.wgsl"),
    ] {
        source.push_str(file);
    }
    source
}

/// The bindings of the kernels: the parameters, the given deals (read only), the records, the
/// finds and the tally.
pub(crate) fn bind_group_layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
    let entry = |binding, ty| wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty,
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    };
    let storage = |read_only| wgpu::BufferBindingType::Storage { read_only };
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("camicia"),
        entries: &[
            entry(0, wgpu::BufferBindingType::Uniform),
            entry(1, storage(true)),
            entry(2, storage(false)),
            entry(3, storage(false)),
            entry(4, storage(false)),
        ],
    })
}

/// The parameters of a batch, as the WGSL struct `Params` lays them out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Params {
    pub(crate) count: u32,
    pub(crate) need: u32,
    pub(crate) most: u32,
    pub(crate) tricks: bool,
    /// Room for finds.
    pub(crate) room: u32,
    /// Workgroups along x of the gather.
    pub(crate) gather_width: u32,
    /// The first deal's number, or index, as three words, the lowest first.
    pub(crate) first: [u32; 3],
    pub(crate) key: [u32; 8],
}

impl Params {
    pub(crate) fn bytes(&self) -> [u8; PARAMS as usize] {
        let mut words = [0u32; PARAMS as usize / 4];
        words[..6].copy_from_slice(&[
            self.count,
            self.need,
            self.most,
            u32::from(self.tricks),
            self.room,
            self.gather_width,
        ]);
        words[8..11].copy_from_slice(&self.first);
        words[12..20].copy_from_slice(&self.key);
        let mut bytes = [0u8; PARAMS as usize];
        for (chunk, word) in bytes.chunks_exact_mut(4).zip(words) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parameters_fall_where_the_kernels_read_them() {
        let params = Params {
            count: 1,
            need: 2,
            most: 3,
            tricks: true,
            room: 5,
            gather_width: 6,
            first: [7, 8, 9],
            key: [10, 11, 12, 13, 14, 15, 16, 17],
        };
        let words: Vec<u32> = params
            .bytes()
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        assert_eq!(
            words,
            [
                1, 2, 3, 1, 5, 6, 0, 0, 7, 8, 9, 0, 10, 11, 12, 13, 14, 15, 16, 17
            ]
        );
    }
}
