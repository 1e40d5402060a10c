//! Where a process stands in its cluster, from the command line or from Slurm, and where the
//! other processes are, from a host file.

use excerpt::Excerpt;

/// This process and the number of processes: as given, or else from Slurm's `SLURM_PROCID` and
/// `SLURM_NTASKS` (a cluster started by `srun`); the message names what is missing or wrong.
pub fn seat(process: Option<usize>, processes: Option<usize>) -> Result<(usize, usize), String> {
    let from_slurm = |name: &str| -> Result<Option<usize>, String> {
        match std::env::var(name) {
            Ok(text) => text.trim().parse().map(Some).map_err(|_| {
                format!(
                    "{name}={}: expected a whole number (it gives the default of --process or \
                     --processes)",
                    Excerpt::of(&text)
                )
            }),
            Err(_) => Ok(None),
        }
    };
    let processes = match processes {
        Some(n) => n,
        None => from_slurm("SLURM_NTASKS")?
            .ok_or("--cluster needs --processes N (or Slurm's SLURM_NTASKS)")?,
    };
    let process = match process {
        Some(i) => i,
        None => from_slurm("SLURM_PROCID")?
            .ok_or("--cluster needs --process I (or Slurm's SLURM_PROCID)")?,
    };
    if processes == 0 || process >= processes {
        return Err(format!(
            "--process {process}: expected a process from 0 to {} (of --processes {processes})",
            processes.saturating_sub(1)
        ));
    }
    Ok((process, processes))
}

/// The first `processes` addresses of a host file: one `host:port` a line, each process its
/// own, a port from 1 to 65535 (port 0 would be any free port, which no other process could
/// call); blank lines and lines starting with `#` are skipped.
pub fn hosts(text: &str, processes: usize) -> Result<Vec<String>, String> {
    let mut addresses: Vec<(String, usize)> = Vec::new();
    for (number, line) in (1..).zip(text.lines()) {
        let indent = line.chars().take_while(|c| c.is_whitespace()).count();
        let column = |within: &str| indent + within.chars().count() + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let split = line
            .rsplit_once(':')
            .filter(|(host, _)| !host.is_empty() && !host.contains(char::is_whitespace));
        let Some((host, port)) = split else {
            return Err(format!(
                "line {number}, column {}: expected host:port such as node1:4000, found {}",
                indent + 1,
                Excerpt::of(line)
            ));
        };
        if !matches!(port.parse::<u16>(), Ok(1..)) {
            return Err(format!(
                "line {number}, column {}: expected a port from 1 to 65535, found {}",
                column(host) + 1,
                Excerpt::of(port)
            ));
        }
        if let Some((_, first)) = addresses.iter().find(|(a, _)| a.eq_ignore_ascii_case(line)) {
            return Err(format!(
                "line {number}, column {}: expected an address of its own for each process, \
                 found {} again (first on line {first})",
                indent + 1,
                Excerpt::of(line)
            ));
        }
        addresses.push((line.to_owned(), number));
        if addresses.len() == processes {
            return Ok(addresses.into_iter().map(|(a, _)| a).collect());
        }
    }
    Err(format!(
        "expected the addresses of {processes} processes, found {}",
        addresses.len()
    ))
}

/// `n` addresses on 127.0.0.1 whose ports are free now, one for each process of a cluster
/// on one machine (its tests, or a trial before a real host file). All `n` ports are held
/// until the last is chosen, so no two are the same; then they are let go, and another program
/// may take one before the cluster listens on it.
pub fn free_ports(n: usize) -> std::io::Result<Vec<String>> {
    let listeners = (0..n)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0"))
        .collect::<std::io::Result<Vec<_>>>()?;
    listeners
        .iter()
        .map(|l| Ok(l.local_addr()?.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_files() {
        let text = "# the cluster\nnode1:4000\n\n  node2:4000 \nnode3:4000\n";
        assert_eq!(hosts(text, 2).unwrap(), ["node1:4000", "node2:4000"]);
        assert_eq!(
            hosts(text, 4).unwrap_err(),
            "expected the addresses of 4 processes, found 3"
        );
        let bad = hosts("node1:4000\nnode2\n", 2).unwrap_err();
        assert!(
            bad.starts_with("line 2, column 1: expected host:port"),
            "{bad}"
        );
        assert!(hosts("[::1]:4000\n", 1).is_ok());
        assert_eq!(
            hosts("node1:70000\n", 1).unwrap_err(),
            "line 1, column 7: expected a port from 1 to 65535, found \"70000\""
        );
        assert_eq!(
            hosts("node1:4000\n  node2:0\n", 2).unwrap_err(),
            "line 2, column 9: expected a port from 1 to 65535, found \"0\""
        );
        assert_eq!(
            hosts("node1:4000\n# again\n Node1:4000\n", 2).unwrap_err(),
            "line 3, column 2: expected an address of its own for each process, found \
             \"Node1:4000\" again (first on line 1)"
        );
        // Past the processes asked for, lines are not read.
        assert!(hosts("node1:4000\nnode1:4000\n", 1).is_ok());
    }

    #[test]
    fn seats_given_on_the_command_line() {
        assert_eq!(seat(Some(1), Some(3)), Ok((1, 3)));
        assert!(
            seat(Some(3), Some(3))
                .unwrap_err()
                .starts_with("--process 3: expected")
        );
    }
}
