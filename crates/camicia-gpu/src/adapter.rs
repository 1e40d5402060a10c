//! The adapter the engine runs on, as its driver describes it: what a benchmark must name so
//! that a processor is never taken for a GPU.

use std::fmt;

/// What kind of device an adapter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A GPU of its own.
    Discrete,
    /// A GPU on the processor's chip, sharing its memory.
    Integrated,
    /// A GPU handed through by a hypervisor.
    Virtual,
    /// The processor itself, running the shaders in software (Mesa's lavapipe, Microsoft's WARP).
    Cpu,
    /// Anything else.
    Other,
}

impl Kind {
    /// As `--json` gives it: `discrete`, `integrated`, `virtual`, `cpu` or `other`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Discrete => "discrete",
            Kind::Integrated => "integrated",
            Kind::Virtual => "virtual",
            Kind::Cpu => "cpu",
            Kind::Other => "other",
        }
    }

    /// In words, for the throughput line.
    fn words(self) -> &'static str {
        match self {
            Kind::Discrete => "a discrete GPU",
            Kind::Integrated => "an integrated GPU",
            Kind::Virtual => "a virtual GPU",
            Kind::Cpu => "the processor: a software renderer",
            Kind::Other => "a device of no known kind",
        }
    }

    pub(crate) fn of(kind: wgpu::DeviceType) -> Kind {
        match kind {
            wgpu::DeviceType::DiscreteGpu => Kind::Discrete,
            wgpu::DeviceType::IntegratedGpu => Kind::Integrated,
            wgpu::DeviceType::VirtualGpu => Kind::Virtual,
            wgpu::DeviceType::Cpu => Kind::Cpu,
            wgpu::DeviceType::Other => Kind::Other,
        }
    }

    /// The order in which adapters are preferred: a discrete GPU, an integrated one, a virtual
    /// one, anything else, and last a processor posing as a GPU.
    pub(crate) fn preference(self) -> u8 {
        match self {
            Kind::Discrete => 0,
            Kind::Integrated => 1,
            Kind::Virtual => 2,
            Kind::Other => 3,
            Kind::Cpu => 4,
        }
    }
}

/// The adapter: its name, kind, backend and driver, and the width of its subgroups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adapter {
    /// As its driver names it: `llvmpipe (LLVM 15.0.6, 256 bits)`, `NVIDIA H100 80GB HBM3`.
    pub name: String,
    /// What kind of device it is.
    pub kind: Kind,
    /// `vulkan`, `metal`, `dx12` or `gl`.
    pub backend: &'static str,
    /// The driver and its version, as far as it says: `llvmpipe Mesa 22.3.6 (LLVM 15.0.6)`.
    pub driver: String,
    /// The fewest and the most threads of a subgroup (a warp, a wavefront), which run in
    /// lockstep.
    pub subgroups: (u32, u32),
}

impl Adapter {
    pub(crate) fn of(info: &wgpu::AdapterInfo) -> Adapter {
        let driver: Vec<&str> = [info.driver.as_str(), info.driver_info.as_str()]
            .into_iter()
            .filter(|d| !d.is_empty())
            .collect();
        Adapter {
            name: info.name.clone(),
            kind: Kind::of(info.device_type),
            backend: match info.backend {
                wgpu::Backend::Vulkan => "vulkan",
                wgpu::Backend::Metal => "metal",
                wgpu::Backend::Dx12 => "dx12",
                wgpu::Backend::Gl => "gl",
                wgpu::Backend::BrowserWebGpu => "webgpu",
                wgpu::Backend::Noop => "none",
            },
            driver: driver.join(" "),
            subgroups: (info.subgroup_min_size, info.subgroup_max_size),
        }
    }

    /// Whether the adapter is the processor running the shaders in software: it gives the GPU
    /// engine's results, at a fraction of the processor's own engines' speed.
    pub fn is_software(&self) -> bool {
        self.kind == Kind::Cpu
    }

    /// The backend as its maker spells it.
    fn backend_name(&self) -> &'static str {
        match self.backend {
            "vulkan" => "Vulkan",
            "metal" => "Metal",
            "dx12" => "DX12",
            "gl" => "OpenGL",
            "webgpu" => "WebGPU",
            other => other,
        }
    }
}

/// `llvmpipe (LLVM 15.0.6, 256 bits), the processor: a software renderer, on Vulkan, driver
/// llvmpipe Mesa 22.3.6 (LLVM 15.0.6), subgroups of 8`.
impl fmt::Display for Adapter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}, on {}",
            self.name,
            self.kind.words(),
            self.backend_name()
        )?;
        if !self.driver.is_empty() {
            write!(f, ", driver {}", self.driver)?;
        }
        match self.subgroups {
            (least, most) if least == most => write!(f, ", subgroups of {least}"),
            (least, most) => write!(f, ", subgroups of {least} to {most}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lavapipe() -> wgpu::AdapterInfo {
        wgpu::AdapterInfo {
            name: "llvmpipe (LLVM 15.0.6, 256 bits)".into(),
            vendor: 0x10005,
            device: 0,
            device_type: wgpu::DeviceType::Cpu,
            device_pci_bus_id: String::new(),
            driver: "llvmpipe".into(),
            driver_info: "Mesa 22.3.6 (LLVM 15.0.6)".into(),
            backend: wgpu::Backend::Vulkan,
            subgroup_min_size: 8,
            subgroup_max_size: 8,
            transient_saves_memory: None,
            limit_bucket: None,
        }
    }

    #[test]
    fn a_software_renderer_says_so() {
        let adapter = Adapter::of(&lavapipe());
        assert!(adapter.is_software());
        assert_eq!(adapter.kind.name(), "cpu");
        assert_eq!(adapter.backend, "vulkan");
        assert_eq!(
            adapter.to_string(),
            "llvmpipe (LLVM 15.0.6, 256 bits), the processor: a software renderer, on Vulkan, \
             driver llvmpipe Mesa 22.3.6 (LLVM 15.0.6), subgroups of 8"
        );
    }

    #[test]
    fn a_gpu_is_named_with_its_kind() {
        let adapter = Adapter::of(&wgpu::AdapterInfo {
            name: "NVIDIA H100 80GB HBM3".into(),
            device_type: wgpu::DeviceType::DiscreteGpu,
            driver: "NVIDIA".into(),
            driver_info: "550.54.15".into(),
            subgroup_min_size: 32,
            subgroup_max_size: 32,
            ..lavapipe()
        });
        assert!(!adapter.is_software());
        assert_eq!(
            adapter.to_string(),
            "NVIDIA H100 80GB HBM3, a discrete GPU, on Vulkan, driver NVIDIA 550.54.15, \
             subgroups of 32"
        );
        let amd = Adapter::of(&wgpu::AdapterInfo {
            driver: String::new(),
            driver_info: String::new(),
            subgroup_min_size: 32,
            subgroup_max_size: 64,
            device_type: wgpu::DeviceType::IntegratedGpu,
            ..lavapipe()
        });
        assert!(
            amd.to_string()
                .ends_with("an integrated GPU, on Vulkan, subgroups of 32 to 64")
        );
    }

    #[test]
    fn a_processor_is_preferred_last() {
        let kinds = [
            Kind::Cpu,
            Kind::Other,
            Kind::Discrete,
            Kind::Virtual,
            Kind::Integrated,
        ];
        let mut sorted = kinds;
        sorted.sort_by_key(|k| k.preference());
        assert_eq!(
            sorted,
            [
                Kind::Discrete,
                Kind::Integrated,
                Kind::Virtual,
                Kind::Other,
                Kind::Cpu
            ]
        );
    }
}
