//! The server as a process: where it listens, what it says, how it stops.

use super::*;

#[test]
fn open_to_other_machines_it_warns_and_ctrl_c_stops_it() {
    let server = Server::start(&["--bind", "0.0.0.0"]);
    assert!(
        server.printed.starts_with("http://0.0.0.0:"),
        "{}",
        server.printed
    );
    let stderr = server.stop(libc::SIGINT);
    let warning = stderr.lines().next().unwrap_or_default();
    assert!(
        warning.starts_with("warning: ") && warning.contains("no authentication"),
        "{stderr}"
    );
}

#[test]
fn on_loopback_it_names_its_address_and_does_not_warn() {
    let server = Server::start(&[]);
    assert_eq!(server.printed, format!("http://{}/\n", server.address));
    let stderr = server.stop(libc::SIGTERM);
    assert!(!stderr.contains("warning"), "{stderr}");
}

#[test]
fn a_port_in_use_is_exit_1_naming_the_option() {
    let taken = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = taken.local_addr().expect("an address").port().to_string();
    parlor()
        .args(["serve", "--port", &port])
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains("--port"));
    refused(&["serve", "--port", "65536"], "").stderr(contains("--port"));
    refused(&["serve", "--bind", "localhost"], "").stderr(contains("--bind"));
}
