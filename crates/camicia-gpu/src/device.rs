//! The GPU as the engine holds it: the adapter chosen, its device, the kernels compiled for it,
//! and what it has gone wrong with.

use crate::GpuError;
use crate::layout::{self, HISTOGRAM};
use std::future::Future;
use std::pin::pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

/// A device and the compiled kernels of a batch.
pub(crate) struct Device {
    pub(crate) device: wgpu::Device,
    pub(crate) queue: wgpu::Queue,
    pub(crate) info: wgpu::AdapterInfo,
    pub(crate) layout: wgpu::BindGroupLayout,
    pub(crate) kernels: Kernels,
    /// The first error the device reported outside any call that returns one (wgpu reports
    /// validation errors, lack of memory and the loss of the device through callbacks).
    failure: Arc<Mutex<Option<String>>>,
}

/// The compute pipelines, one per pass of a batch; the play in two, for one-pack deals dealt 26
/// and 26 and for deals that carry their hands' lengths.
pub(crate) struct Kernels {
    pub(crate) deal_random: wgpu::ComputePipeline,
    pub(crate) deal_index: wgpu::ComputePipeline,
    pub(crate) play: wgpu::ComputePipeline,
    pub(crate) play_sized: wgpu::ComputePipeline,
    pub(crate) threshold: wgpu::ComputePipeline,
    pub(crate) gather: wgpu::ComputePipeline,
}

/// Drives a future to its end on this thread. wgpu's futures on native backends are ready once
/// the device has been polled, which the calls that wait do themselves.
pub(crate) fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut context = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut context) {
            return output;
        }
        std::thread::yield_now();
    }
}

/// The order in which adapters are preferred: a discrete GPU, an integrated one, a virtual one,
/// anything else, and last a processor posing as a GPU (lavapipe, WARP).
fn preference(kind: wgpu::DeviceType) -> u8 {
    match kind {
        wgpu::DeviceType::DiscreteGpu => 0,
        wgpu::DeviceType::IntegratedGpu => 1,
        wgpu::DeviceType::VirtualGpu => 2,
        wgpu::DeviceType::Other => 3,
        wgpu::DeviceType::Cpu => 4,
    }
}

/// The WGSL of the kernels: the constants they share with the host, then the files.
pub(crate) fn source() -> String {
    let deals = camicia::index::DEALS;
    let limbs: Vec<String> = (0..5)
        .map(|i| format!("{}u", (deals >> (16 * i)) & 0xffff))
        .collect();
    let mut source = format!(
        "// Shared with the host (crates/camicia-gpu/src/layout.rs).\n\
         const HISTOGRAM: u32 = {HISTOGRAM}u;\n\
         const NONE: u32 = {}u;\n\
         const FINISHED: u32 = {}u;\n\
         const REPLAY: u32 = {}u;\n\
         const GUARD: u32 = {}u;\n\
         const PLAY_BLOCK: u32 = {}u;\n\
         const FOUND: u32 = {}u;\n\
         const LONG: u32 = {}u;\n\
         const THRESHOLD: u32 = {}u;\n\
         const CARDS: u32 = {}u;\n\
         const TRICKS: u32 = {}u;\n\
         // The number of one-pack deals, as five 16-bit limbs, the lowest first.\n\
         const DEALS = array<u32, 5>({});\n",
        layout::NONE,
        layout::FINISHED,
        layout::REPLAY,
        layout::GUARD,
        layout::PLAY_BLOCK,
        layout::FOUND,
        layout::LONG,
        layout::THRESHOLD,
        layout::CARDS,
        layout::TRICKS,
        limbs.join(", "),
    );
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

impl Device {
    /// The preferred adapter of this machine, or the first whose name contains the text of the
    /// environment variable `WGPU_ADAPTER_NAME` (ignoring case), with its device and kernels.
    pub(crate) fn open() -> Result<Device, GpuError> {
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
        let mut adapters = block_on(instance.enumerate_adapters(wgpu::Backends::all()));
        if adapters.is_empty() {
            return Err(GpuError::NoAdapter);
        }
        if let Ok(wanted) = std::env::var("WGPU_ADAPTER_NAME") {
            let wanted = wanted.to_lowercase();
            let names: Vec<String> = adapters.iter().map(|a| a.get_info().name).collect();
            adapters.retain(|a| a.get_info().name.to_lowercase().contains(&wanted));
            if adapters.is_empty() {
                return Err(GpuError::NoSuchAdapter {
                    wanted,
                    found: names.join(", "),
                });
            }
        }
        adapters.sort_by_key(|a| preference(a.get_info().device_type));
        let adapter = adapters.swap_remove(0);
        let info = adapter.get_info();
        let descriptor = wgpu::DeviceDescriptor {
            label: Some("camicia"),
            required_features: wgpu::Features::empty(),
            required_limits: wgpu::Limits::downlevel_defaults(),
            experimental_features: wgpu::ExperimentalFeatures::disabled(),
            memory_hints: wgpu::MemoryHints::Performance,
            trace: wgpu::Trace::Off,
        };
        let (device, queue) = block_on(adapter.request_device(&descriptor))
            .map_err(|e| GpuError::Device(format!("{} ({:?}): {e}", info.name, info.backend)))?;
        let failure = Arc::new(Mutex::new(None));
        let seen = failure.clone();
        device.on_uncaptured_error(Arc::new(move |error: wgpu::Error| {
            remember(&seen, error.to_string());
        }));
        let lost = failure.clone();
        device.set_device_lost_callback(move |reason, message| {
            remember(
                &lost,
                format!("the device was lost ({reason:?}): {message}"),
            );
        });
        let layout = layout::bind_group_layout(&device);
        let kernels = Kernels::compile(&device, &layout);
        let device = Device {
            device,
            queue,
            info,
            layout,
            kernels,
            failure,
        };
        device.check()?;
        Ok(device)
    }

    /// The error the device reported, if any.
    pub(crate) fn check(&self) -> Result<(), GpuError> {
        match &*self.failure.lock().unwrap_or_else(|e| e.into_inner()) {
            Some(message) => Err(GpuError::Failed(message.clone())),
            None => Ok(()),
        }
    }

    /// The adapter as its driver names it, its backend, its driver, and the width of its
    /// subgroups (warps, wavefronts), which the play's threads run in lockstep:
    /// `llvmpipe (LLVM 15.0.6, 256 bits) on Vulkan, driver llvmpipe Mesa 22.3.6 (LLVM 15.0.6),
    /// subgroups of 8`.
    pub(crate) fn describe(&self) -> String {
        let info = &self.info;
        let named: Vec<&str> = [info.driver.as_str(), info.driver_info.as_str()]
            .into_iter()
            .filter(|d| !d.is_empty())
            .collect();
        let driver = if named.is_empty() {
            String::new()
        } else {
            format!(", driver {}", named.join(" "))
        };
        let (least, most) = (info.subgroup_min_size, info.subgroup_max_size);
        let width = if least == most {
            least.to_string()
        } else {
            format!("{least} to {most}")
        };
        format!(
            "{} on {:?}{driver}, subgroups of {width}",
            info.name, info.backend
        )
    }
}

fn remember(failure: &Mutex<Option<String>>, message: String) {
    failure
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert(message);
}

impl Kernels {
    fn compile(device: &wgpu::Device, layout: &wgpu::BindGroupLayout) -> Kernels {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("camicia"),
            source: wgpu::ShaderSource::Wgsl(source().into()),
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("camicia"),
            bind_group_layouts: &[Some(layout)],
            immediate_size: 0,
        });
        let with = |entry: &str, constants: &[(&str, f64)]| {
            device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(entry),
                layout: Some(&pipeline_layout),
                module: &module,
                entry_point: Some(entry),
                compilation_options: wgpu::PipelineCompilationOptions {
                    constants,
                    ..Default::default()
                },
                cache: None,
            })
        };
        let pipeline = |entry: &str| with(entry, &[]);
        Kernels {
            deal_random: pipeline("deal_random"),
            deal_index: pipeline("deal_index"),
            play: pipeline("play"),
            play_sized: with("play", &[("SIZED", 1.0)]),
            threshold: pipeline("threshold"),
            gather: pipeline("gather"),
        }
    }
}
