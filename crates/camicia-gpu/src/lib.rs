//! Camicia's GPU engine: one-pack deals made, played and summed up by WGSL compute shaders on
//! any GPU that wgpu drives through Vulkan, Metal or DX12, with every result the CPU engines'
//! byte for byte.
//!
//! [`Gpu`] is a [`camicia::bulk::Bulk`] engine: it gives the long runs their summaries — the
//! stats of random deals, the hauls of the record hunt (random deals, deals in camicia.dev's
//! index order, a climb's deals) and camicia.dev's work units — exactly as
//! [`camicia::engine::Engine`] does. It takes far more deals at once than a run's chunk
//! ([`Bulk::span`](camicia::bulk::Bulk::span)) and feeds them to the GPU in submissions sized
//! by the device's measured time, several in flight, each read back while the next plays. A
//! submission is one batch through three passes: persistent workgroups deal (ChaCha8 blocks, or
//! camicia.dev's index order) or load uploaded deals as they go and play each game by the fast
//! engine's algorithm with Brent's cycle detection, counting finished games in histograms of
//! cards and tricks; a threshold is chosen from the histograms in parallel; and only the games a
//! summary names come back (the loops, the longest games, a search's long games). Loops are
//! played again on the processor, which finds the first repeat. docs/camicia-engines.md tells
//! the design.
//!
//! [`Gpu::play`] plays deals of other sizes too, uploaded with their hands' lengths: any deal of
//! at most 63 cards and 16 payment cards on the GPU, the others on the processor.
//!
//! When the GPU fails in the middle of a run (a lost device, a driver's error), the engine plays
//! that call's deals and every later one on the CPU engine it was given, which gives the same
//! results, and says so in [`Gpu::failure`]. [`Gpu::adapter`] names the adapter and its kind (a
//! software renderer is the processor), and [`Gpu::timing`] says how the GPU was kept busy.
//!
//! ```no_run
//! use camicia::bulk::Bulk;
//! use camicia::deal::Dealer;
//! use camicia::engine::Engine;
//!
//! let gpu = camicia_gpu::Gpu::open(Engine::best()).expect("a GPU");
//! let dealer = Dealer::new(1);
//! assert_eq!(gpu.stats(&dealer, 0..100_000), Engine::best().stats(&dealer, 0..100_000));
//! ```

mod adapter;
mod batch;
mod device;
mod given;
mod layout;
mod plan;
mod slot;
mod stream;
mod summary;
mod timing;

pub use adapter::{Adapter, Kind};
pub use timing::{DeviceTime, Lanes, Timing};

use camicia::engine::Engine;
use device::Device;
use plan::Sizer;
use slot::Slots;
use std::fmt;
use std::sync::{Arc, Mutex};
use stream::Feed;
use thiserror::Error;

/// The GPU engine: a device with its compiled kernels, and the CPU engine that stands in if the
/// GPU fails. Clones share the device.
#[derive(Clone)]
pub struct Gpu {
    inner: Arc<Inner>,
}

struct Inner {
    device: Device,
    slots: Slots,
    sizer: Sizer,
    cpu: Engine,
    /// Why the GPU stopped being used, once it failed.
    failure: Mutex<Option<String>>,
}

/// Why the GPU engine cannot be had, or stopped.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GpuError {
    /// No driver offered a GPU.
    #[error(
        "no GPU adapter: no Vulkan, Metal or DX12 driver offers one on this machine (a software \
         one, lavapipe, is Debian's mesa-vulkan-drivers)"
    )]
    NoAdapter,
    /// None of the adapters has the name asked for.
    #[error(
        "no GPU adapter's name contains {wanted:?} (the environment variable WGPU_ADAPTER_NAME); \
         the adapters are: {found}"
    )]
    NoSuchAdapter {
        /// The text asked for.
        wanted: String,
        /// The adapters' names.
        found: String,
    },
    /// The adapter would not give a device.
    #[error("the GPU adapter {0}")]
    Device(String),
    /// The device failed.
    #[error("the GPU failed: {0}")]
    Failed(String),
}

impl Gpu {
    /// The GPU engine on this machine's preferred adapter (a discrete GPU, then an integrated
    /// one, then anything else), or on the first whose name contains the text of the
    /// environment variable `WGPU_ADAPTER_NAME`; `cpu` plays in its stead if it fails later.
    /// Compiling the kernels takes a moment.
    ///
    /// # Errors
    ///
    /// [`GpuError`] when no adapter, or no device, can be had.
    pub fn open(cpu: Engine) -> Result<Gpu, GpuError> {
        let gpu = Gpu {
            inner: Arc::new(Inner {
                device: Device::open()?,
                slots: Slots::new(),
                sizer: Sizer::default(),
                cpu,
                failure: Mutex::new(None),
            }),
        };
        gpu.calibrate()?;
        Ok(gpu)
    }

    /// Measures the device's speed before any run, so that a run's first submissions are sized
    /// like the others: a few deals to warm the driver up (a software renderer compiles its
    /// code as it first runs it), then enough to time. What they take is start-up, not counted
    /// in [`Gpu::timing`].
    fn calibrate(&self) -> Result<(), GpuError> {
        let feed = self.feed();
        let dealer = camicia::deal::Dealer::new(0);
        for deals in [0..plan::WARM_UP, 0..plan::CALIBRATION] {
            summary::stats_on(&feed, &dealer, deals)?;
        }
        self.inner.device.clock.reset();
        Ok(())
    }

    fn feed(&self) -> Feed<'_> {
        Feed {
            device: &self.inner.device,
            slots: &self.inner.slots,
            sizer: &self.inner.sizer,
        }
    }

    /// The adapter: its name, kind (a GPU, or the processor in software), backend, driver and
    /// subgroups.
    pub fn adapter(&self) -> &Adapter {
        &self.inner.device.adapter
    }

    /// The submissions so far, how many were in flight, and the device's time on them.
    pub fn timing(&self) -> Timing {
        self.inner.device.clock.timing()
    }

    /// Why the GPU stopped being used in favour of the CPU engine, if it did.
    pub fn failure(&self) -> Option<String> {
        self.failure_slot().clone()
    }

    fn failure_slot(&self) -> std::sync::MutexGuard<'_, Option<String>> {
        self.inner.failure.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The CPU engine that plays in the GPU's stead.
    fn cpu(&self) -> Engine {
        self.inner.cpu
    }

    /// Deals a call would rather be given: several submissions of the device's measured size.
    /// Once the GPU has failed, a chunk, as for the CPU engine that plays in its stead: a span
    /// is one call, played on one thread, while a run's other threads would wait.
    fn span_deals(&self) -> u64 {
        if self.failure_slot().is_some() {
            return 0;
        }
        self.inner.sizer.span(self.inner.device.most_deals)
    }

    /// Runs `on_gpu` while the GPU works; once it fails, `on_cpu` with the CPU engine, which
    /// gives the same result.
    fn attempt<T>(
        &self,
        on_gpu: impl FnOnce(&Feed<'_>) -> Result<Option<T>, GpuError>,
        on_cpu: impl FnOnce(Engine) -> T,
    ) -> T {
        if self.failure_slot().is_none() {
            match on_gpu(&self.feed()) {
                Ok(Some(done)) => return done,
                Ok(None) => {}
                Err(error) => {
                    self.failure_slot().get_or_insert(error.to_string());
                }
            }
        }
        on_cpu(self.inner.cpu)
    }
}

impl fmt::Debug for Gpu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gpu")
            .field("adapter", &self.adapter())
            .field("cpu", &self.inner.cpu)
            .finish()
    }
}
