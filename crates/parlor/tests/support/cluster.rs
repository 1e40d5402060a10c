//! Clusters of `parlor` processes on 127.0.0.1, each on a port free when the test starts.

use super::spawn;
use std::path::{Path, PathBuf};
use std::process::{Child, Output};

/// A host file in `dir` with `processes` free addresses on 127.0.0.1.
pub fn hostfile(dir: &Path, processes: usize) -> PathBuf {
    let path = dir.join("hosts");
    let addresses = sweep::cluster::free_ports(processes).unwrap();
    std::fs::write(&path, addresses.join("\n") + "\n").unwrap();
    path
}

/// The arguments of process `process` of a cluster of `processes`.
pub fn in_cluster(run: &[String], hosts: &Path, process: usize, processes: usize) -> Vec<String> {
    let mut args = run.to_vec();
    args.extend(
        [
            "--cluster",
            "--process",
            &process.to_string(),
            "--processes",
            &processes.to_string(),
            "--hostfile",
            hosts.to_str().unwrap(),
            "--cluster-wait",
            "20",
        ]
        .map(String::from),
    );
    args
}

/// Runs a cluster of `processes` processes to its end; process 0's output, and the others'.
pub fn cluster(run: &[String], dir: &Path, processes: usize) -> (String, Vec<Output>) {
    let hosts = hostfile(dir, processes);
    let children: Vec<Child> = (0..processes)
        .rev()
        .map(|p| spawn(&in_cluster(run, &hosts, p, processes)))
        .collect();
    let mut outputs: Vec<_> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    outputs.reverse();
    for output in &outputs {
        assert!(output.status.success(), "{run:?}: {output:?}");
    }
    let first = String::from_utf8(outputs[0].stdout.clone()).unwrap();
    (first, outputs)
}
