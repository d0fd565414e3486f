import { labNetworkErrors } from '@bastion/contract';
import type { LabHost, LabService, LabSpec } from './lab-spec.ts';
import { LabSpecError, shellQuote } from './shell-quote.ts';
import { stageLine } from './setup-stages.ts';

/** The folder of the services' logs and pid files: root's alone. */
export const serviceRunDir = '/run/lab-services';

/**
 * The starter (python-starter.py, docs/labs.md): running as root in the shipped ready state, it forks every
 * service, a Python one (`python3 -S` and plain words) straight into its program, any other into `/bin/sh` and the
 * service's script. Its FIFOs are there only when the guest started from that state; without them the setup's shell
 * starts each service with `setsid`, `ip netns exec` and `su`.
 */
export const pythonStarter = {
  source: '/usr/lib/bastion/python-starter.py',
  requests: '/run/python-starter/requests',
  replies: '/run/python-starter/replies',
};

/** A command the starter runs as /bin/sh would: `python3 -S`, then words the shell passes as they are. */
const pythonCommand = /^python3 -S( [A-Za-z0-9_./,:=@+-]+)+$/;

/** The setup's last word to the starter, with or without services: it exits, and no root process is left of it. */
export function pythonStarterEnd(): string[] {
  return [`if [ -p ${pythonStarter.requests} ]; then`, `  echo '{"exit": true}' > ${pythonStarter.requests}`, 'fi'];
}

/** The namespace of the n-th host; the lab network's switch is a namespace of its own. */
const namespaceOf = (index: number) => `host${index}`;
const switchNamespace = 'lan';

function addressOf(cidr: string): { address: string; prefix: number } {
  const [address = '', prefix = ''] = cidr.split('/');
  return { address, prefix: Number(prefix) };
}

/**
 * A machine's MAC address: QEMU's prefix (52:54:00, as on a virtual machine) and three bytes of a hash of its IPv4
 * address (32-bit FNV-1a, finalised as MurmurHash3 does). The same lab shows the same neighbour table and capture
 * headers every time, and two addresses of one machine share its MAC; but the MAC does not spell the address out, so
 * which machine answers for an address is learnt from the network (ARP, a scan), not read off the MAC.
 */
export function macOf(address: string): string {
  let hash = 0x811c9dc5;
  for (const char of address) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  // MurmurHash3's finaliser: FNV alone leaves the high bytes of neighbouring addresses alike.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  hash = (hash ^ (hash >>> 16)) >>> 0;
  const bytes = [hash >>> 16, hash >>> 8, hash].map((byte) => (byte & 0xff).toString(16).padStart(2, '0'));
  return ['52', '54', '00', ...bytes].join(':');
}

/** The rules are @bastion/contract's, which `content validate` applies to the YAML; the guest gets no other spec. */
function checkNetwork(spec: LabSpec): void {
  const [first] = labNetworkErrors(spec);
  if (first !== undefined) throw new LabSpecError(first);
  const macs = new Map<string, string>();
  for (const address of [spec.network?.address.split('/')[0], ...(spec.hosts ?? []).map((h) => h.address)]) {
    if (address === undefined) continue;
    const mac = macOf(address);
    const other = macs.get(mac);
    if (other !== undefined) throw new LabSpecError(`hosts: ${address} and ${other} get the same MAC address`);
    macs.set(mac, address);
  }
}

/**
 * The lab network: a switch (a bridge in a namespace of its own) and, for the learner's machine and every host, an
 * `eth0` cabled to it by a veth pair, as on a switched LAN: each machine sees only its own traffic. No interface
 * leads out of the guest, whose only links are its serial console and its 9p filesystem.
 */
function networkLines(spec: LabSpec): string[] {
  if (!spec.network) return [];
  const { address, prefix, routes } = learnerSide(spec.network);
  const hosts = spec.hosts ?? [];
  const hostsLines = hosts
    .filter((h) => h.listed !== false)
    .map((h) => [h.address, h.name, ...(h.aliases ?? [])].join(' '));
  // The starter makes the network over rtnetlink (starter_network.py); without it, `ip` makes the same.
  const request = JSON.stringify({
    network: {
      switch: switchNamespace,
      namespaces: [switchNamespace, ...hosts.map((_, i) => namespaceOf(i))],
      machines: [
        { netns: null, port: 'port0', mac: macOf(address), address, prefix, routes },
        ...hosts.map((host, i) => ({
          netns: namespaceOf(i),
          port: `port${i + 1}`,
          mac: macOf(host.address),
          address: host.address,
          prefix,
        })),
      ],
    },
  });
  return [
    stageLine('network'),
    // The shipped ready state has both modules loaded: a test of /sys costs no program start.
    '[ -d /sys/module/veth ] || modprobe veth',
    '[ -d /sys/module/bridge ] || modprobe bridge',
    `if [ -p ${pythonStarter.requests} ]; then`,
    `  printf '%s\\n' ${shellQuote(request)} > ${pythonStarter.requests}`,
    `  read -r lab_network < ${pythonStarter.replies}`,
    `  [ "$lab_network" = ok ] || { echo "the lab network could not be made: $lab_network"; exit 1; }`,
    'else',
    // Not indented: a here-document ends at a line that is its marker alone.
    ...ipNetworkLines(spec),
    'fi',
    ...(hostsLines.length > 0 ? [`printf '%s\\n' ${hostsLines.map(shellQuote).join(' ')} >> /etc/hosts`] : []),
  ];
}

/** The learner's address on the lab network, and its routes (a gateway is the route to `default`). */
function learnerSide(network: NonNullable<LabSpec['network']>) {
  const routes = [
    ...(network.gateway === undefined ? [] : [{ to: 'default', via: network.gateway }]),
    ...(network.routes ?? []).map((route) => ({ to: route.to, via: route.via })),
  ];
  return { ...addressOf(network.address), routes };
}

/** The same network made by iproute2's `ip`, for a guest with no starter running. */
export function ipNetworkLines(spec: LabSpec): string[] {
  if (!spec.network) return [];
  const { address, prefix, routes } = learnerSide(spec.network);
  const hosts = spec.hosts ?? [];
  // `ip -batch` runs many commands in one program start; a batch works in one namespace, so there is one for the
  // learner's machine, one for the switch and one per host. iproute2's ip by its path: the setup's shell would
  // prefer BusyBox's applet, which has no namespaces.
  const batch = (namespace: string | null, commands: string[]) => [
    `/usr/bin/ip ${namespace ? `-n ${namespace} ` : ''}-force -batch - <<'@@IP@@'`,
    ...commands,
    '@@IP@@',
  ];
  const learner = [
    `netns add ${switchNamespace}`,
    ...hosts.map((_, i) => `netns add ${namespaceOf(i)}`),
    `link add port0 netns ${switchNamespace} type veth peer name eth0`,
    ...hosts.map(
      (_, i) => `link add port${i + 1} netns ${switchNamespace} type veth peer name eth0 netns ${namespaceOf(i)}`,
    ),
    `link set eth0 address ${macOf(address)}`,
    `addr add ${address}/${prefix} dev eth0`,
    'link set eth0 up',
    ...routes.map((route) => `route add ${route.to} via ${route.via} dev eth0`),
  ];
  const switchBox = [
    'link add lan0 type bridge',
    'link set lan0 up',
    ...[spec.network, ...hosts].map((_, i) => `link set port${i} master lan0 up`),
  ];
  return [
    ...batch(null, learner),
    ...batch(switchNamespace, switchBox),
    ...hosts.flatMap((host, i) =>
      batch(namespaceOf(i), [
        `link set eth0 address ${macOf(host.address)}`,
        `addr add ${host.address}/${prefix} dev eth0`,
        'link set eth0 up',
        'link set lo up',
      ]),
    ),
  ];
}

function hostIndex(spec: LabSpec, service: LabService): number | null {
  if (service.host === undefined) return null;
  return (spec.hosts ?? []).findIndex((h: LabHost) => h.name === service.host);
}

/**
 * Starts every service in the background as its user, on its host's namespace, with its output in its log; then
 * waits until each declared port listens (read from the service's own /proc view of TCP sockets), or fails the
 * setup when a service exits first. No fixed timeout: a slow machine starts services slowly, it does not fail.
 */
function serviceLines(spec: LabSpec, homeOf: (user: string) => string): string[] {
  const services = spec.services ?? [];
  if (services.length === 0) return [];
  // Each service's script is a file its own account alone may read, in a folder no one else may list: a service
  // starts as `sh /run/lab-services/<name>.sh`, so neither its code nor what it was given shows in its command line.
  const lines = [stageLine('services'), `mkdir -p ${serviceRunDir}`, `chmod 711 ${serviceRunDir}`];
  lines.push(
    'lab_listens() { # pid, port as 4 upper-case hex digits',
    '  for table in /proc/$1/net/tcp /proc/$1/net/tcp6; do',
    '    [ -r "$table" ] || continue',
    '    while read -r _ local _ state _; do',
    '      case "$local:$state" in *:$2:0A) return 0 ;; esac',
    '    done < "$table"',
    '  done',
    '  return 1',
    '}',
  );
  // A port that two services of one host declare is one each binds on its own address: the starter holds neither.
  const declared = new Map<string, number>();
  const portKey = (service: LabService, port: number) => `${service.host ?? ''} ${port}`;
  for (const service of services) {
    for (const port of service.ports ?? [])
      declared.set(portKey(service, port), (declared.get(portKey(service, port)) ?? 0) + 1);
  }
  const isPython = (service: LabService) => pythonCommand.test(service.command.trim());
  const heldPorts = (service: LabService) =>
    isPython(service) ? (service.ports ?? []).filter((port) => declared.get(portKey(service, port)) === 1) : [];
  // A Python service whose every port the starter holds is started after the setup: the learner's prompt first.
  const afterSetup = (service: LabService) =>
    (service.ports ?? []).length > 0 && heldPorts(service).length === (service.ports ?? []).length;
  services.forEach((service, i) => {
    const index = hostIndex(spec, service);
    const inHost = index === null ? '' : `/usr/bin/ip netns exec ${namespaceOf(index)} `;
    const cwd = service.cwd ?? homeOf(service.user);
    // The command is a whole shell script (`mkdir -p /run/sshd && exec /usr/sbin/sshd -D`), not one program.
    const script = `cd ${shellQuote(cwd)} || exit 1\n${service.command}\n`;
    const file = `${serviceRunDir}/${service.name}.sh`;
    const log = `${serviceRunDir}/${service.name}.log`;
    const user = shellQuote(service.user);
    // A service binds its port as its own user, low ports included (on Debian it would bind as root and drop
    // privileges): the namespace lets any user bind any port.
    const start = `echo 0 > /proc/sys/net/ipv4/ip_unprivileged_port_start && exec su -s /bin/sh -c ${shellQuote(`exec /bin/sh ${file}`)} ${user}`;
    const scriptFile = [`printf '%s' ${shellQuote(script)} > ${file}`, `chown ${user} ${file}`, `chmod 500 ${file}`];
    const startInShell = [
      `: > ${log}`,
      `chmod 600 ${log}`,
      `setsid ${inHost}busybox sh -c ${shellQuote(start)} < /dev/null >> ${log} 2>&1 &`,
      `lab_service_${i}=$!`,
    ];
    const python = isPython(service);
    const later = afterSetup(service);
    if (!python) lines.push(...scriptFile);
    // The starter replies with the service's pid once its ports listen (held by the starter for a Python service,
    // the program's own for any other), or `held` for one it starts after the setup; it writes the log, root's alone.
    const request = JSON.stringify({
      netns: index === null ? null : namespaceOf(index),
      user: service.user,
      cwd,
      log,
      ...(python
        ? {
            ports: heldPorts(service),
            argv: service.command.trim().split(' ').slice(2),
            ...(later ? { after_setup: true } : {}),
          }
        : { ports: [], exec: ['/bin/sh', file], listen: service.ports ?? [] }),
    });
    const heldOrStop = `[ "$lab_service_${i}" = held ] || { echo ${shellQuote(`service ${service.name} could not hold its ports:`)} "$lab_service_${i}"; exit 1; }`;
    lines.push(
      `if [ -p ${pythonStarter.requests} ]; then`,
      `  printf '%s\\n' ${shellQuote(request)} > ${pythonStarter.requests}`,
      `  read -r lab_service_${i} < ${pythonStarter.replies}`,
      ...(later ? [`  ${heldOrStop}`] : []),
      'else',
      ...[...(python ? scriptFile : []), ...startInShell].map((line) => `  ${line}`),
      'fi',
    );
  });
  services.forEach((service, i) => {
    // A service with no port to wait for is waited for until it leads its own session (setup-script.ts).
    if ((service.ports ?? []).length === 0) lines.push(`lab_own_session $lab_service_${i}`);
    const held = heldPorts(service);
    for (const port of service.ports ?? []) {
      const hex = port.toString(16).toUpperCase().padStart(4, '0');
      const exited = `kill -0 $lab_service_${i} 2> /dev/null || { echo ${shellQuote(`service ${service.name} exited before it listened on port ${port}:`)}; cat ${serviceRunDir}/${service.name}.log; exit 1; }`;
      const wait = [`until lab_listens $lab_service_${i} ${hex}; do`, `  ${exited}`, '  sleep 0.05', 'done'];
      // The starter replied once the port listened: held by it (a Python service), or polled until the service's
      // own program listened or ended; what is left to ask is whether it is still there. A service it starts after
      // the setup is not there yet: its held port is what the learner reaches.
      if (afterSetup(service))
        lines.push(`if [ ! -p ${pythonStarter.requests} ]; then`, ...wait.map((l) => `  ${l}`), 'fi');
      else if (held.includes(port) || !isPython(service))
        lines.push(
          `if [ -p ${pythonStarter.requests} ]; then`,
          `  ${exited}`,
          'else',
          ...wait.map((l) => `  ${l}`),
          'fi',
        );
      else lines.push(...wait);
    }
  });
  return lines;
}

export { checkNetwork, networkLines, serviceLines };
