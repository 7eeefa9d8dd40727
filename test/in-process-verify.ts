// The integration tests run whole systems in one process, where the gateway
// calls its services in process: every message is checked against what its
// protobuf round trip would give, so a field that behaves differently over the
// network fails here instead of only in the distributed run.
process.env.CHORUS_IN_PROCESS_VERIFY = '1';
