//! The engine of camicia's long runs (`stats`, `search`, `workunit`): `--engine`, else the
//! environment variable `PARLOR_CAMICIA_ENGINE`, else the fastest engine of this processor.
//! Every engine gives the same results; only the throughput line and `--json`'s `engine` field
//! name it.

use crate::error::CliError;
use camicia::bulk::Bulk;
use camicia::engine::Engine;
use camicia_gpu::Gpu;
use clap::Args;
use clap::builder::PossibleValuesParser;
use std::sync::Arc;

const VARIABLE: &str = "PARLOR_CAMICIA_ENGINE";

#[derive(Args)]
pub struct EngineArg {
    /// The engine that plays the deals: one of this processor's, or the GPU's (Vulkan, Metal or
    /// DX12). Default: the environment variable PARLOR_CAMICIA_ENGINE, else the fastest engine of
    /// this processor. Every engine gives the same results
    #[arg(long, value_name = "ENGINE", value_parser = names())]
    engine: Option<String>,
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
}

impl EngineArg {
    /// The engine asked for, if this machine runs it.
    pub fn choose(&self) -> Result<Chosen, CliError> {
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
                Err(std::env::VarError::NotPresent) => return Ok(Chosen::cpu(Engine::best())),
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
            return Ok(Chosen {
                engine: Arc::new(gpu.clone()),
                gpu: Some(gpu),
            });
        }
        let engine: Engine = name
            .parse()
            .map_err(|e| CliError::BadInput(format!("{source}: {e}")))?;
        Ok(Chosen::cpu(engine))
    }
}

impl Chosen {
    fn cpu(engine: Engine) -> Chosen {
        Chosen {
            engine: engine.into(),
            gpu: None,
        }
    }

    /// The engine, as the runs take it.
    pub fn engine(&self) -> Arc<dyn Bulk> {
        self.engine.clone()
    }

    /// Its name, as `--json` gives it.
    pub fn name(&self) -> &'static str {
        self.engine.name()
    }

    /// The engine as the throughput line names it: the GPU with its adapter and backend.
    pub fn describe(&self) -> String {
        match &self.gpu {
            Some(gpu) => format!("gpu, {}", gpu.adapter()),
            None => self.name().to_owned(),
        }
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
