//! The engine of camicia's long runs (`stats`, `search`, `workunit`): `--engine`, else the
//! environment variable `PARLOR_CAMICIA_ENGINE`, else the fastest engine of this processor.
//! Every engine gives the same results; only the throughput line and `--json`'s `engine` field
//! name it.

use crate::error::CliError;
use crate::format::grouped;
use camicia::bulk::Bulk;
use camicia::engine::Engine;
use camicia_gpu::{Gpu, Timing};
use clap::Args;
use clap::builder::PossibleValuesParser;
use report::camicia::GpuJson;
use std::sync::Arc;

const VARIABLE: &str = "PARLOR_CAMICIA_ENGINE";

#[derive(Args)]
pub struct EngineArg {
    /// The engine that plays the deals: one of this processor's, or the GPU's (Vulkan, Metal or
    /// DX12). Default: the environment variable PARLOR_CAMICIA_ENGINE, else the fastest engine of
    /// this processor. Every engine gives the same results
    #[arg(long, value_name = "ENGINE", value_parser = names())]
    engine: Option<String>,
    /// With the GPU: how it was kept busy (submissions, deals in each, submissions in flight,
    /// the device's busy time), in the throughput line
    #[arg(long)]
    verbose: bool,
}

/// The GPU's engine, beside the processor's.
const GPU: &str = "gpu";

/// Every engine's name: the processor's, then the GPU's.
fn names() -> PossibleValuesParser {
    PossibleValuesParser::new(Engine::names().into_iter().chain([GPU]))
}

/// The engine chosen, and the GPU's, to tell of it.
pub struct Chosen {
    engine: Arc<dyn Bulk>,
    gpu: Option<Gpu>,
    verbose: bool,
}

impl EngineArg {
    /// The engine asked for, if this machine runs it. A GPU adapter that is the processor
    /// running the shaders in software is said on standard error, unless `quiet`.
    pub fn choose(&self, quiet: bool) -> Result<Chosen, CliError> {
        let (name, source) = match &self.engine {
            Some(name) => (name.clone(), format!("--engine {name}")),
            None => match std::env::var(VARIABLE) {
                Ok(text) => {
                    let source = format!("{VARIABLE}={text:?}");
                    if text != GPU && !Engine::names().contains(&text.as_str()) {
                        return Err(CliError::BadInput(format!(
                            "{source}: expected an engine: {} or {GPU}, found {}",
                            Engine::names().join(", "),
                            excerpt::Excerpt::of(&text)
                        )));
                    }
                    (text, source)
                }
                Err(std::env::VarError::NotPresent) => return Ok(self.cpu(Engine::best())),
                Err(std::env::VarError::NotUnicode(_)) => {
                    return Err(CliError::BadInput(format!(
                        "{VARIABLE}: expected an engine name, found bytes that are not UTF-8"
                    )));
                }
            },
        };
        if name == GPU {
            // The processor's fastest engine plays instead should the GPU fail during the run.
            let gpu = Gpu::open(Engine::best())
                .map_err(|e| CliError::BadInput(format!("{source}: {e}")))?;
            let adapter = gpu.adapter();
            if adapter.is_software() && !quiet {
                crate::error::tell(&format!(
                    "warning: the GPU adapter {} is a software renderer: the processor runs the \
                     GPU's shaders, with the same results, several times slower than its own \
                     engine {} (give a GPU its vendor's Vulkan driver, see \
                     docs/camicia-engines.md)",
                    adapter.name,
                    Engine::best()
                ))?;
            }
            return Ok(Chosen {
                engine: Arc::new(gpu.clone()),
                gpu: Some(gpu),
                verbose: self.verbose,
            });
        }
        let engine: Engine = name
            .parse()
            .map_err(|e| CliError::BadInput(format!("{source}: {e}")))?;
        Ok(self.cpu(engine))
    }

    fn cpu(&self, engine: Engine) -> Chosen {
        Chosen {
            engine: engine.into(),
            gpu: None,
            verbose: self.verbose,
        }
    }
}

/// Keeps Mesa's device-selection layer, which the Vulkan loader puts before every driver, from
/// being loaded: parlor chooses its adapter itself (`WGPU_ADAPTER_NAME`), and the layer would
/// connect to the desktop's display servers to choose one, printing `error: XDG_RUNTIME_DIR is
/// invalid or not set in the environment` twice on standard error where that variable is unset
/// (and waiting on an X server that does not answer, where `DISPLAY` names one). Left alone where
/// the user set `NODEVICE_SELECT` or asks the layer for a device (`MESA_VK_DEVICE_SELECT`).
///
/// # Safety
///
/// Changes the environment: call it before the process has a second thread.
pub unsafe fn quiet_the_device_selection_layer() {
    let asked = |name| std::env::var_os(name).is_some();
    if !asked("NODEVICE_SELECT") && !asked("MESA_VK_DEVICE_SELECT") {
        // SAFETY: the caller promises that no other thread exists to read the environment.
        unsafe { std::env::set_var("NODEVICE_SELECT", "1") };
    }
}

impl Chosen {
    /// The engine, as the runs take it.
    pub fn engine(&self) -> Arc<dyn Bulk> {
        self.engine.clone()
    }

    /// Its name, as `--json` gives it.
    pub fn name(&self) -> &'static str {
        self.engine.name()
    }

    /// The engine as the throughput line names it once the run is over: the GPU with its
    /// adapter, kind and backend, whether it failed, and under `--verbose` how it was kept busy.
    pub fn describe(&self) -> String {
        let Some(gpu) = &self.gpu else {
            return self.name().to_owned();
        };
        let mut line = format!("gpu, {}", gpu.adapter());
        if gpu.failure().is_some() {
            line.push_str(&format!(
                "; the GPU failed, and the processor's engine {} played the rest",
                Engine::best()
            ));
        }
        if self.verbose {
            line.push_str(&format!("; {}", busy(&gpu.timing())));
        }
        line
    }

    /// The GPU and how it was kept busy, as `--json` gives them, with `--engine gpu`.
    pub fn gpu_json(&self) -> Option<GpuJson> {
        let gpu = self.gpu.as_ref()?;
        let adapter = gpu.adapter();
        let timing = gpu.timing();
        let device = timing.device.as_ref();
        Some(GpuJson {
            adapter: adapter.name.clone(),
            backend: adapter.backend,
            device_type: adapter.kind.name(),
            driver: adapter.driver.clone(),
            fell_back: gpu.failure(),
            submissions: timing.submissions,
            deals_per_submission: timing.deals_per_submission(),
            in_flight: timing.most_in_flight,
            wall_seconds: rounded(timing.wall),
            busy_seconds: device.map(|d| rounded(d.busy)),
            busy_share: timing.busy_share().map(|share| (share * 1e4).round() / 1e4),
            submission_seconds: device
                .map(|d| [rounded(d.shortest), rounded(d.median), rounded(d.longest)]),
            lanes_busy: timing.lanes.busy_share().map(|s| (s * 1e4).round() / 1e4),
            tail_share: timing.lanes.tail_share().map(|s| (s * 1e4).round() / 1e4),
        })
    }

    /// Says on standard error whether the GPU failed during the run, and so which engine
    /// played the rest of it (with the same results).
    pub fn tell_failure(&self) -> Result<(), CliError> {
        match self.gpu.as_ref().and_then(Gpu::failure) {
            Some(why) => crate::error::tell(&format!(
                "warning: {why}; the processor's engine {} played the deals from then on, with \
                 the same results",
                Engine::best()
            )),
            None => Ok(()),
        }
    }
}

/// Seconds to the microsecond.
fn rounded(seconds: f64) -> f64 {
    (seconds * 1e6).round() / 1e6
}

/// How the GPU was kept busy, in words: `120 submissions of 98,304 deals on average, up to 3
/// in flight; busy 11.82 s of 12.01 s (98%), 92 to 110 ms a submission (median 99 ms); lanes
/// busy 81%, tail 2%`.
fn busy(timing: &Timing) -> String {
    let mut words = format!(
        "{} submission{} of {} deals on average, up to {} in flight",
        grouped(timing.submissions),
        if timing.submissions == 1 { "" } else { "s" },
        grouped(timing.deals_per_submission()),
        timing.most_in_flight
    );
    match &timing.device {
        Some(device) => words.push_str(&format!(
            "; busy {:.2} s of {:.2} s ({:.0}%), {:.0} to {:.0} ms a submission (median {:.0} ms)",
            device.busy,
            timing.wall,
            100.0 * timing.busy_share().unwrap_or(0.0),
            device.shortest * 1e3,
            device.longest * 1e3,
            device.median * 1e3
        )),
        None => words.push_str("; the adapter writes no timestamps to time it by"),
    }
    if let (Some(lanes), Some(tail)) = (timing.lanes.busy_share(), timing.lanes.tail_share()) {
        words.push_str(&format!(
            "; lanes busy {:.0}%, tail {:.1}%",
            100.0 * lanes,
            100.0 * tail
        ));
    }
    words
}
