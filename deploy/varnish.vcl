# The shared cache in front of the docs site (doc/fleet.md, "Shared cache"): Varnish 7 with xkey
# from varnish-modules. The site tells it what to keep and for how long (Cache-Control s-maxage,
# stale-while-revalidate, stale-if-error) and tags each live page (xkey: the page's path and
# "live"); when a commit goes live, each replica purges the tag "live" (PURGE with an xkey-purge
# header). A purge is soft: the objects stay, expired, so that while the origin is down they are
# still served, for as long as the site's stale-if-error says.
vcl 4.1;

import std;
import xkey;

# The backend "origin" and the ACL "purgers".
include "varnish-site.vcl";

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Purging is not allowed from this address"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "Name the keys to purge in an xkey-purge header"));
        }
        set req.http.X-Purged = xkey.softpurge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.X-Purged + " objects"));
    }
    set req.backend_hint = origin;
    if (req.method != "GET" && req.method != "HEAD") {
        # Webhooks, MCP: straight to the site, never cached.
        return (pass);
    }
    # The site sets no cookie and reads none; a reader's analytics cookies must not split the cache.
    unset req.http.Cookie;
    # Each purge expires the live pages at once: while the origin answers, a reader never gets a
    # purged page (its next request waits for the new one); while it fails its probe, any page kept
    # within its stale-if-error is served (vcl_backend_response sets the grace from it).
    if (std.healthy(req.backend_hint)) {
        set req.grace = 0s;
    }
    return (hash);
}

sub vcl_backend_response {
    # Keep a page past its s-maxage for as long as the site allows serving it stale when it fails
    # (stale-if-error), at least 10 minutes; what it allows for revalidation (stale-while-revalidate)
    # Varnish reads itself but vcl_recv limits it to a sick origin, see there.
    if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 600s);
    }
    if (beresp.grace < 600s) {
        set beresp.grace = 600s;
    }
    # Kept a day longer still, for conditional requests (If-None-Match) to the origin.
    set beresp.keep = 1d;
    # The site marks every answer it means shared caches to keep; anything else (errors, refusals)
    # goes to the origin each time.
    if (beresp.status >= 500 || !beresp.http.Cache-Control) {
        set beresp.ttl = 0s;
        set beresp.grace = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # Tags: the site sends Surrogate-Key for CDNs and xkey for this cache; only the latter is read here.
    if (!beresp.http.xkey && beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
}

sub vcl_backend_error {
    # A cold page while the origin is unreachable: a short answer, not Varnish's HTML page.
    set beresp.http.Content-Type = "text/plain; charset=utf-8";
    set beresp.http.Retry-After = "5";
    set beresp.body = "The documentation site cannot be reached; try again in a few seconds." + {"
"};
    return (deliver);
}

sub vcl_deliver {
    # For operators and tests: whether the cache answered (HIT) or the origin did (MISS, PASS).
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } else if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # How long a kept copy may still be served stale (its grace), to whoever asks.
    if (req.http.X-Cache-Debug) {
        set resp.http.X-Cache-Grace = obj.grace;
    }
    # Tags are for caches, not readers.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Via;
    unset resp.http.X-Varnish;
}

sub vcl_synth {
    # Purge answers and refusals as one line of text.
    set resp.http.Content-Type = "text/plain; charset=utf-8";
    set resp.body = resp.reason + {"
"};
    return (deliver);
}
