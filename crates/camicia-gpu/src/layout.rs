//! What the host and the kernels share: the constants, the bindings, and the buffers of a batch.

/// Finished games of fewer cards than this are counted in the histograms on the GPU; longer
/// ones, about one game in ten thousand, are all finds.
pub(crate) const HISTOGRAM: u32 = 4096;
/// The record of a deal whose game the host plays again.
pub(crate) const NONE: u32 = u32::MAX;
/// A find's kind: a finished game, with its cards and tricks.
pub(crate) const FINISHED: u32 = 0;
/// A find's kind: a game the host plays again, a loop or one past [`GUARD`].
pub(crate) const REPLAY: u32 = 1;
/// A game that has laid this many cards without ending is played again by the host: a finished
/// game's cards and tricks then fit in 16 bits each of its record. The longest one-pack game
/// known lays 8,344 cards, and the guard bounds a thread's game, which a driver may end after a
/// few seconds.
pub(crate) const GUARD: u32 = 0xffff;
/// Deals per workgroup of the play: 16 a thread.
pub(crate) const PLAY_BLOCK: u32 = 1024;
/// The counters at the head of the tally: the finds, the finished games of [`HISTOGRAM`] cards
/// or more, and the threshold of the gathering.
pub(crate) const FOUND: u32 = 0;
pub(crate) const LONG: u32 = 1;
pub(crate) const THRESHOLD: u32 = 2;
/// Where the histograms of cards and of tricks start in the tally.
pub(crate) const CARDS: u32 = 3;
pub(crate) const TRICKS: u32 = CARDS + HISTOGRAM;
/// Words of the tally.
const TALLY: u64 = TRICKS as u64 + HISTOGRAM as u64;

/// The most deals of a batch: a search's chunk (2^18 deals). Its buffers take 13.6 MB.
pub(crate) const CAPACITY: u32 = 1 << 18;
/// Bytes of a deal, of a record and of a find in their buffers; a deal not dealt 26 and 26 has
/// [`LENGTHS`] more.
const DEAL: u64 = 12;
const LENGTHS: u64 = 4;
const RECORD: u64 = 4;
pub(crate) const FIND: u64 = 16;
/// Bytes of the parameters (the WGSL struct `Params`: five words, a `vec3` at 32, the key at 48).
const PARAMS: u64 = 80;

/// The bindings of the kernels: the parameters, then four storage buffers.
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
    let storage = wgpu::BufferBindingType::Storage { read_only: false };
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("camicia"),
        entries: &[
            entry(0, wgpu::BufferBindingType::Uniform),
            entry(1, storage),
            entry(2, storage),
            entry(3, storage),
            entry(4, storage),
        ],
    })
}

/// The buffers of one batch in flight, kept for the next batch.
pub(crate) struct Slot {
    pub(crate) params: wgpu::Buffer,
    pub(crate) deals: wgpu::Buffer,
    pub(crate) finds: wgpu::Buffer,
    pub(crate) tally: wgpu::Buffer,
    /// Where the tally, then the finds, are copied to be read.
    pub(crate) staging: wgpu::Buffer,
    pub(crate) bind_group: wgpu::BindGroup,
}

/// Bytes of the tally.
pub(crate) const TALLY_BYTES: u64 = 4 * TALLY;

impl Slot {
    pub(crate) fn new(device: &wgpu::Device, layout: &wgpu::BindGroupLayout) -> Slot {
        use wgpu::BufferUsages as Use;
        let buffer = |label, bytes, usage| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: bytes,
                usage,
                mapped_at_creation: false,
            })
        };
        let capacity = u64::from(CAPACITY);
        let params = buffer("params", PARAMS, Use::UNIFORM | Use::COPY_DST);
        let deals = buffer(
            "deals",
            (DEAL + LENGTHS) * capacity,
            Use::STORAGE | Use::COPY_DST,
        );
        let records = buffer("records", RECORD * capacity, Use::STORAGE);
        let finds = buffer("finds", FIND * capacity, Use::STORAGE | Use::COPY_SRC);
        let tally = buffer(
            "tally",
            TALLY_BYTES,
            Use::STORAGE | Use::COPY_SRC | Use::COPY_DST,
        );
        let staging = buffer(
            "staging",
            TALLY_BYTES + FIND * capacity,
            Use::MAP_READ | Use::COPY_DST,
        );
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("camicia"),
            layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: params.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: deals.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: records.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 3,
                    resource: finds.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 4,
                    resource: tally.as_entire_binding(),
                },
            ],
        });
        Slot {
            params,
            deals,
            finds,
            tally,
            staging,
            bind_group,
        }
    }
}

/// The parameters of a batch, as the WGSL struct `Params` lays them out.
pub(crate) struct Params {
    pub(crate) count: u32,
    pub(crate) segment: u32,
    pub(crate) need: u32,
    pub(crate) most: u32,
    pub(crate) tricks: bool,
    /// The first deal's number, or index, as three words, the lowest first.
    pub(crate) first: [u32; 3],
    pub(crate) key: [u32; 8],
}

impl Params {
    pub(crate) fn bytes(&self) -> [u8; PARAMS as usize] {
        let mut words = [0u32; PARAMS as usize / 4];
        words[..5].copy_from_slice(&[
            self.count,
            self.segment,
            self.need,
            self.most,
            u32::from(self.tricks),
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
