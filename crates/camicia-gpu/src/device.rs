//! The GPU as the engine holds it: the adapter chosen, its device, the kernels compiled for it,
//! and what it has gone wrong with.

use crate::GpuError;
use crate::adapter::{Adapter, Kind};
use crate::layout::{self, GIVEN, INDEX, RANDOM, WIDEST};
use crate::timing::Clock;
use std::future::Future;
use std::pin::pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

/// A device and the compiled kernels of a batch.
pub(crate) struct Device {
    pub(crate) device: wgpu::Device,
    pub(crate) queue: wgpu::Queue,
    pub(crate) adapter: Adapter,
    pub(crate) layout: wgpu::BindGroupLayout,
    pub(crate) kernels: Kernels,
    /// Whether the device writes timestamps, and how many nanoseconds a tick of them is.
    pub(crate) timestamps: Option<f64>,
    /// The submissions of every thread, counted and timed.
    pub(crate) clock: Clock,
    /// The most deals of a batch: its records must fit one binding of a storage buffer.
    pub(crate) most_deals: u32,
    /// The first error the device reported outside any call that returns one (wgpu reports
    /// validation errors, lack of memory and the loss of the device through callbacks).
    failure: Arc<Mutex<Option<String>>>,
}

/// The compute pipelines, one per pass of a batch; the play in four, one for each source of
/// deals: random deals, index order, deals given by the host dealt 26 and 26, and given deals
/// that carry their hands' lengths.
pub(crate) struct Kernels {
    pub(crate) play_random: wgpu::ComputePipeline,
    pub(crate) play_index: wgpu::ComputePipeline,
    pub(crate) play_given: wgpu::ComputePipeline,
    pub(crate) play_sized: wgpu::ComputePipeline,
    pub(crate) threshold: wgpu::ComputePipeline,
    pub(crate) gather: wgpu::ComputePipeline,
}

/// The most deals of a batch: at a billion deals a second, some 130 ms of the device's work, and
/// 2 GiB in its largest buffer.
const MOST_DEALS: u32 = 1 << 27;

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
        adapters.sort_by_key(|a| Kind::of(a.get_info().device_type).preference());
        let adapter = adapters.swap_remove(0);
        let info = adapter.get_info();
        // Timestamps measure the device's busy time, where the adapter writes them.
        let timestamped = adapter.features().contains(wgpu::Features::TIMESTAMP_QUERY);
        let descriptor = wgpu::DeviceDescriptor {
            label: Some("camicia"),
            required_features: if timestamped {
                wgpu::Features::TIMESTAMP_QUERY
            } else {
                wgpu::Features::empty()
            },
            required_limits: limits(&adapter.limits()),
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
        let timestamps = timestamped.then(|| f64::from(queue.get_timestamp_period()));
        let most_deals = most_deals(&descriptor.required_limits);
        let device = Device {
            device,
            queue,
            adapter: Adapter::of(&info),
            layout,
            kernels,
            timestamps,
            clock: Clock::default(),
            most_deals,
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
}

fn remember(failure: &Mutex<Option<String>>, message: String) {
    failure
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert(message);
}

/// WebGPU's least limits, with the largest storage buffers the adapter allows, up to what the
/// largest batch needs, so that a GPU's batches can hold its 50 ms and more of work.
fn limits(adapter: &wgpu::Limits) -> wgpu::Limits {
    let least = wgpu::Limits::downlevel_defaults();
    let most = u64::from(MOST_DEALS) * WIDEST;
    wgpu::Limits {
        max_storage_buffer_binding_size: adapter
            .max_storage_buffer_binding_size
            .clamp(least.max_storage_buffer_binding_size, most),
        max_buffer_size: adapter.max_buffer_size.clamp(least.max_buffer_size, most),
        // The play's pool and histograms: 17 KiB a workgroup.
        max_compute_workgroup_storage_size: adapter
            .max_compute_workgroup_storage_size
            .clamp(least.max_compute_workgroup_storage_size, 32 << 10),
        ..least
    }
}

/// The most deals of a batch on a device of `limits`: every buffer of its slot fits them, at
/// [`WIDEST`] bytes a deal at most. A power of two, so that a slot, whose room grows by powers
/// of two, never outgrows it.
fn most_deals(limits: &wgpu::Limits) -> u32 {
    let bytes = limits
        .max_storage_buffer_binding_size
        .min(limits.max_buffer_size);
    let deals = (bytes / WIDEST).clamp(1, MOST_DEALS.into());
    1 << deals.ilog2()
}

impl Kernels {
    fn compile(device: &wgpu::Device, layout: &wgpu::BindGroupLayout) -> Kernels {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("camicia"),
            source: wgpu::ShaderSource::Wgsl(layout::source().into()),
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
        let play = |source: u32, sized: bool| {
            with(
                "play",
                &[
                    ("SOURCE", f64::from(source)),
                    ("SIZED", f64::from(u8::from(sized))),
                ],
            )
        };
        Kernels {
            play_random: play(RANDOM, false),
            play_index: play(INDEX, false),
            play_given: play(GIVEN, false),
            play_sized: play(GIVEN, true),
            threshold: with("threshold", &[]),
            gather: with("gather", &[]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_of_the_most_deals_fits_every_buffer_the_device_grants() {
        let adapter = |binding: u64, buffer: u64| wgpu::Limits {
            max_storage_buffer_binding_size: binding,
            max_buffer_size: buffer,
            ..wgpu::Limits::default()
        };
        // A data-centre GPU's Vulkan driver, WebGPU's least, and limits of no power of two.
        for (offered, most) in [
            (adapter(u64::from(u32::MAX), u64::MAX), 1 << 27),
            (wgpu::Limits::downlevel_defaults(), 1 << 23),
            (adapter(3 << 28, 1 << 30), 1 << 25),
            (adapter(1 << 29, 1 << 29), 1 << 25),
        ] {
            let granted = limits(&offered);
            assert_eq!(most_deals(&granted), most, "{offered:?}");
            let largest = u64::from(most) * WIDEST;
            assert!(largest <= granted.max_storage_buffer_binding_size);
            assert!(largest <= granted.max_buffer_size);
        }
    }
}
