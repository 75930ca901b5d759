# What differs between one installation of the docs cache and another: where the site is (the load
# balancer in front of the replicas, or one replica) and who may purge. deploy/varnish.vcl includes
# this file by name, searched along varnishd's vcl_path: put your own copy in a folder listed
# before deploy/ (`-p vcl_path=/etc/varnish/docs:/srv/sui-docs/deploy`). `npm run fleet` and the
# tests write one per run with the balancer's port.

backend origin {
    .host = "127.0.0.1";
    .port = "3001";
    # A page the site must compile first can take seconds on a busy replica.
    .first_byte_timeout = 60s;
    .connect_timeout = 2s;
    # While the origin fails its probe, the cache serves what it holds for up to the stale-if-error
    # the site sent (deploy/varnish.vcl, vcl_recv).
    .probe = {
        .url = "/healthz";
        .interval = 2s;
        .timeout = 2s;
        .window = 3;
        .threshold = 2;
        .initial = 2;
    }
}

# The addresses the site's replicas purge from (PURGE_URLS in doc/configuration.md): loopback and
# the private ranges a cluster's pods use. Narrow it to your replicas' network.
acl purgers {
    "127.0.0.1";
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
}
