"""The lab network, made by the Python starter (python-starter.py) over rtnetlink instead of five `ip` programs.

Each `ip` program costs about 150 ms to start in the emulated guest; the starter is already running, so the same
requests, sent from here in the same order, cost a few milliseconds each. The request (lab-network.ts writes it) is
    {"switch": "lan", "namespaces": ["lan", "host0"],
     "machines": [{"netns": null, "port": "port0", "mac": "52:54:00:..", "address": "10.0.0.5", "prefix": 24,
                   "routes": [{"to": "default", "via": "10.0.0.1"}]}, {"netns": "host0", "port": "port1", ...}]}
and the result is what `ip -batch` made from the same spec (lab-network.ts's fallback): a namespace per host and one
for the switch (a bridge), every machine's `eth0` cabled to a port of it by a veth pair, addresses, MACs and routes.
"""
import ctypes
import os
import socket
import struct

CLONE_NEWNET = 0x40000000
MS_BIND, MS_REC, MS_SHARED = 0x1000, 0x4000, 1 << 20
NETNS_DIR = '/run/netns'
RTM_NEWLINK, RTM_NEWADDR, RTM_NEWROUTE, NLMSG_ERROR = 16, 20, 24, 2
NLM_F_REQUEST, NLM_F_ACK, NLM_F_EXCL, NLM_F_CREATE = 0x1, 0x4, 0x200, 0x400
IFLA_ADDRESS, IFLA_IFNAME, IFLA_MASTER, IFLA_LINKINFO, IFLA_NET_NS_FD = 1, 3, 10, 18, 28
IFLA_INFO_KIND, IFLA_INFO_DATA, VETH_INFO_PEER = 1, 2, 1
IFA_ADDRESS, IFA_LOCAL = 1, 2
RTA_DST, RTA_OIF, RTA_GATEWAY = 1, 4, 5
IFF_UP = 1
RT_TABLE_MAIN, RTPROT_BOOT, RTN_UNICAST = 254, 3, 1
libc = ctypes.CDLL(None, use_errno=True)


def checked(result, what):
    if result != 0:
        error = ctypes.get_errno()
        raise OSError(error, f'{what}: {os.strerror(error)}')


def attribute(kind, data):
    if isinstance(data, str):
        data = data.encode() + b'\0'
    header = struct.pack('=HH', 4 + len(data), kind)
    return header + data + b'\0' * (-len(data) % 4)


def link_message(index=0, flags=0, change=0):
    return struct.pack('=BxHiII', socket.AF_UNSPEC, 0, index, flags, change)


class Netlink:
    """One rtnetlink socket, in the namespace the starter is in when it is opened; every request waits for its ACK."""

    def __init__(self):
        self.socket = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, socket.NETLINK_ROUTE)
        self.sequence = 0

    def close(self):
        self.socket.close()

    def request(self, kind, flags, body):
        self.sequence += 1
        header = struct.pack('=LHHLL', 16 + len(body), kind, NLM_F_REQUEST | NLM_F_ACK | flags, self.sequence, 0)
        self.socket.sendto(header + body, (0, 0))
        while True:
            reply = self.socket.recv(65536)
            _, reply_kind, _, sequence, _ = struct.unpack_from('=LHHLL', reply)
            if reply_kind == NLMSG_ERROR and sequence == self.sequence:
                error = -struct.unpack_from('=i', reply, 16)[0]
                if error:
                    raise OSError(error, f'rtnetlink request {kind}: {os.strerror(error)}')
                return

    def set_link(self, name, flags=0, change=0, attributes=b''):
        self.request(RTM_NEWLINK, 0, link_message(socket.if_nametoindex(name), flags, change) + attributes)

    def add_veth(self, name, namespace, peer, peer_namespace=None):
        peer_attributes = attribute(IFLA_IFNAME, peer)
        if peer_namespace is not None:
            peer_attributes += attribute(IFLA_NET_NS_FD, struct.pack('=I', peer_namespace))
        info = attribute(IFLA_INFO_KIND, 'veth') + attribute(
            IFLA_INFO_DATA, attribute(VETH_INFO_PEER, link_message() + peer_attributes))
        body = (link_message() + attribute(IFLA_IFNAME, name) + attribute(IFLA_NET_NS_FD, struct.pack('=I', namespace))
                + attribute(IFLA_LINKINFO, info))
        self.request(RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, body)

    def add_bridge(self, name):
        kind = attribute(IFLA_LINKINFO, attribute(IFLA_INFO_KIND, 'bridge'))
        body = link_message() + attribute(IFLA_IFNAME, name) + kind
        self.request(RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, body)

    def add_address(self, name, address, prefix):
        packed = socket.inet_aton(address)
        body = struct.pack('=BBBBI', socket.AF_INET, prefix, 0, 0, socket.if_nametoindex(name))
        self.request(RTM_NEWADDR, NLM_F_CREATE | NLM_F_EXCL,
                     body + attribute(IFA_LOCAL, packed) + attribute(IFA_ADDRESS, packed))

    def add_route(self, name, to, via):
        destination, _, prefix = ('0.0.0.0/0' if to == 'default' else to).partition('/')
        body = struct.pack('=BBBBBBBBI', socket.AF_INET, int(prefix or 32), 0, 0, RT_TABLE_MAIN, RTPROT_BOOT, 0,
                           RTN_UNICAST, 0)
        if to != 'default':
            body += attribute(RTA_DST, socket.inet_aton(destination))
        index = socket.if_nametoindex(name)
        body += attribute(RTA_GATEWAY, socket.inet_aton(via)) + attribute(RTA_OIF, struct.pack('=I', index))
        self.request(RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, body)


def add_namespace(name, home):
    """As `ip netns add`: a shared /run/netns, an empty file, and a new namespace bound onto it."""
    if libc.mount(b'', NETNS_DIR.encode(), b'none', MS_SHARED | MS_REC, None) != 0:
        checked(libc.mount(NETNS_DIR.encode(), NETNS_DIR.encode(), b'none', MS_BIND | MS_REC, None), 'mount')
        checked(libc.mount(b'', NETNS_DIR.encode(), b'none', MS_SHARED | MS_REC, None), 'mount')
    path = f'{NETNS_DIR}/{name}'
    os.close(os.open(path, os.O_RDONLY | os.O_CREAT | os.O_EXCL, 0))
    checked(libc.unshare(CLONE_NEWNET), 'unshare')
    try:
        checked(libc.mount(b'/proc/self/ns/net', path.encode(), b'none', MS_BIND, None), 'mount')
    finally:
        checked(libc.setns(home, CLONE_NEWNET), 'setns')


def configure(machine, netlink):
    netlink.set_link('eth0', attributes=attribute(IFLA_ADDRESS, bytes.fromhex(machine['mac'].replace(':', ''))))
    netlink.add_address('eth0', machine['address'], machine['prefix'])
    netlink.set_link('eth0', IFF_UP, IFF_UP)
    for route in machine.get('routes', []):
        netlink.add_route('eth0', route['to'], route['via'])


def make_network(request):
    home = os.open('/proc/self/ns/net', os.O_RDONLY)
    namespaces = {}
    try:
        for name in request['namespaces']:
            add_namespace(name, home)
            namespaces[name] = os.open(f'{NETNS_DIR}/{name}', os.O_RDONLY)

        def inside(name, work):
            checked(libc.setns(namespaces[name] if name else home, CLONE_NEWNET), 'setns')
            netlink = Netlink()
            try:
                work(netlink)
            finally:
                netlink.close()
                checked(libc.setns(home, CLONE_NEWNET), 'setns')

        machines = request['machines']
        switch = request['switch']

        def cable(netlink):
            for machine in machines:
                peer = machine['netns'] and namespaces[machine['netns']]
                netlink.add_veth(machine['port'], namespaces[switch], 'eth0', peer)
            configure(machines[0], netlink)

        def switch_box(netlink):
            netlink.add_bridge('lan0')
            netlink.set_link('lan0', IFF_UP, IFF_UP)
            master = attribute(IFLA_MASTER, struct.pack('=I', socket.if_nametoindex('lan0')))
            for machine in machines:
                netlink.set_link(machine['port'], IFF_UP, IFF_UP, master)

        def host(machine):
            def work(netlink):
                configure(machine, netlink)
                netlink.set_link('lo', IFF_UP, IFF_UP)
            return work

        inside(machines[0]['netns'], cable)
        inside(switch, switch_box)
        for machine in machines[1:]:
            inside(machine['netns'], host(machine))
    finally:
        for descriptor in [home, *namespaces.values()]:
            os.close(descriptor)
