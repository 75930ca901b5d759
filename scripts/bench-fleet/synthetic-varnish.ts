import { startVarnish, type RunningVarnish } from "../../test/helpers/varnish";

/**
 * A bench-only Varnish that answers every request itself (vcl_synth) with a fixed body of `bytes`
 * bytes and the same Content-Type as a page: what Varnish does at best for an object of that size,
 * with no backend, no lookup and no headers of ours. The site through deploy/varnish.vcl is
 * measured against it.
 */
export function startSyntheticVarnish(bytes: number): Promise<RunningVarnish> {
  // A VCL long string cannot hold "}, and x never does.
  const vcl = `vcl 4.1;
backend default none;
sub vcl_recv { return (synth(200, "OK")); }
sub vcl_synth {
  set resp.http.Content-Type = "text/html; charset=utf-8";
  set resp.body = {"${"x".repeat(bytes)}"};
  return (deliver);
}
`;
  return startVarnish({ backendPort: 1, vcl, storageMb: 16 });
}
