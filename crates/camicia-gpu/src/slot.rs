//! The buffers of one batch in flight, and the device's few sets of them, which the threads of a
//! run share.

use crate::device::Device;
use crate::layout::{DEAL, FIND, LENGTHS, PARAMS, RECORD, TALLY_BYTES};
use std::sync::{Condvar, Mutex};

/// Bytes of the two timestamps at the head of the read-back.
pub(crate) const TIMES_BYTES: u64 = 16;
/// The most finds read back with the tally, before their number is known (512 KiB).
pub(crate) const FIRST_FINDS: u32 = 1 << 16;
/// Sets of buffers of a device: batches in flight at once, over all the threads of a run.
const SLOTS: usize = 4;

/// What a batch needs of its buffers: room for its deals' records and finds (a batch may gather
/// every game), and for the deals the host gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Room {
    pub(crate) deals: u32,
    pub(crate) given: u32,
}

impl Room {
    fn holds(self, other: Room) -> bool {
        self.deals >= other.deals && self.given >= other.given
    }

    /// Room for both, in powers of two, so that a slot grows a few times at most.
    fn joined(self, other: Room) -> Room {
        let up = |a: u32, b: u32| a.max(b).checked_next_power_of_two().unwrap_or(u32::MAX);
        Room {
            deals: up(self.deals, other.deals),
            given: if self.given.max(other.given) == 0 {
                0
            } else {
                up(self.given, other.given)
            },
        }
    }
}

/// The buffers of one batch, kept for the next.
pub(crate) struct Slot {
    pub(crate) room: Room,
    pub(crate) params: wgpu::Buffer,
    pub(crate) deals: wgpu::Buffer,
    pub(crate) finds: wgpu::Buffer,
    pub(crate) tally: wgpu::Buffer,
    /// Where the timestamps, the tally and the first finds are copied to be read.
    pub(crate) staging: wgpu::Buffer,
    pub(crate) bind_group: wgpu::BindGroup,
    /// Where the device writes the start and the end of the batch's passes, and where they are
    /// resolved to be copied, where the device writes timestamps.
    pub(crate) times: Option<(wgpu::QuerySet, wgpu::Buffer)>,
}

impl Slot {
    fn new(device: &Device, room: Room) -> Slot {
        use wgpu::BufferUsages as Use;
        let buffer = |label, bytes: u64, usage| {
            device.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                // A binding is never empty.
                size: bytes.max(16),
                usage,
                mapped_at_creation: false,
            })
        };
        let capacity = u64::from(room.deals);
        let params = buffer("params", PARAMS, Use::UNIFORM | Use::COPY_DST);
        let deals = buffer(
            "deals",
            (DEAL + LENGTHS) * u64::from(room.given),
            Use::STORAGE | Use::COPY_DST,
        );
        let records = buffer("records", RECORD * capacity, Use::STORAGE);
        let finds = buffer("finds", FIND * capacity, Use::STORAGE | Use::COPY_SRC);
        let tally = buffer(
            "tally",
            TALLY_BYTES,
            Use::STORAGE | Use::COPY_SRC | Use::COPY_DST,
        );
        let first = capacity.min(FIRST_FINDS.into());
        let staging = buffer(
            "staging",
            TIMES_BYTES + TALLY_BYTES + FIND * first,
            Use::MAP_READ | Use::COPY_DST,
        );
        fn entry(binding: u32, buffer: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
            wgpu::BindGroupEntry {
                binding,
                resource: buffer.as_entire_binding(),
            }
        }
        let bind_group = device.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("camicia"),
            layout: &device.layout,
            entries: &[
                entry(0, &params),
                entry(1, &deals),
                entry(2, &records),
                entry(3, &finds),
                entry(4, &tally),
            ],
        });
        let times = device.timestamps.map(|_| {
            let queries = device.device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("times"),
                ty: wgpu::QueryType::Timestamp,
                count: 2,
            });
            let resolved = buffer("times", TIMES_BYTES, Use::QUERY_RESOLVE | Use::COPY_SRC);
            (queries, resolved)
        });
        Slot {
            room,
            params,
            deals,
            finds,
            tally,
            staging,
            bind_group,
            times,
        }
    }
}

/// The slots of a device: those free, and how many exist.
pub(crate) struct Slots {
    free: Mutex<(Vec<Slot>, usize)>,
    returned: Condvar,
}

impl Slots {
    pub(crate) fn new() -> Slots {
        Slots {
            free: Mutex::new((Vec::new(), 0)),
            returned: Condvar::new(),
        }
    }

    /// A slot with room for `room`, waiting for one to come back if every slot is in flight
    /// and `wait`; `None` if none is free and not `wait`.
    pub(crate) fn take(&self, device: &Device, room: Room, wait: bool) -> Option<Slot> {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(slot) = free.0.pop() {
                drop(free);
                if slot.room.holds(room) {
                    return Some(slot);
                }
                // Too small: its memory goes to a larger one.
                let joined = slot.room.joined(room);
                drop(slot);
                return Some(Slot::new(device, joined));
            }
            if free.1 < SLOTS {
                free.1 += 1;
                drop(free);
                return Some(Slot::new(device, Room { deals: 0, given: 0 }.joined(room)));
            }
            if !wait {
                return None;
            }
            free = self.returned.wait(free).unwrap_or_else(|e| e.into_inner());
        }
    }

    pub(crate) fn give_back(&self, slot: Slot) {
        self.free
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .0
            .push(slot);
        self.returned.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rooms_grow_by_powers_of_two() {
        let small = Room {
            deals: 1000,
            given: 0,
        };
        let large = Room {
            deals: 70_000,
            given: 3,
        };
        assert!(!small.holds(large) && large.holds(small));
        let joined = small.joined(large);
        assert_eq!(
            joined,
            Room {
                deals: 1 << 17,
                given: 4
            }
        );
        assert!(joined.holds(small) && joined.holds(large));
        assert_eq!(small.joined(small).given, 0);
    }
}
