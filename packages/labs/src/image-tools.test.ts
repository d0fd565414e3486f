import { describe, expect, it } from 'vitest';
import { toolFiles, toolFilesRecord, toolsNamedIn } from './image-tools.ts';

describe('toolsNamedIn', () => {
  it('finds a tool wherever a command line runs it', () => {
    expect(toolsNamedIn(['sudo nmap -sV web'])).toEqual(['nmap']);
    expect(toolsNamedIn(['echo "$(curl -s http://shop/)"'])).toEqual(['curl']);
    expect(toolsNamedIn(['ls; /usr/bin/dig +short a.lab'])).toEqual(['dig']);
    expect(toolsNamedIn(['cat notes | ssh-keygen -lf -'])).toEqual(['ssh-keygen']);
    expect(toolsNamedIn(['x=1', 'tcpdump -r capture.pcap'])).toEqual(['tcpdump']);
  });

  it('passes over a name inside a longer word, a path or an argument', () => {
    expect(toolsNamedIn(['ls /usr/share/nmap/scripts', 'echo nmapper curling', 'grep ssh- notes'])).toEqual([]);
  });

  it('names each tool once, in the record’s order (nmap before curl)', () => {
    expect(toolsNamedIn(['curl a; nmap b', 'curl c'])).toEqual(['nmap', 'curl']);
  });
});

describe('toolFiles', () => {
  it('lists the files of the named tools, each once, and nothing for a name it does not know', () => {
    const nmap = toolFilesRecord.tools.nmap!;
    const nping = toolFilesRecord.tools.nping!;
    const both = toolFiles(['nmap', 'nping', 'no-such-tool']);
    expect(both).toEqual([...new Set([...nmap, ...nping])]);
    // The two share their packet library: listed once.
    expect(both.length).toBeLessThan(nmap.length + nping.length);
    expect(toolFiles(['no-such-tool'])).toEqual([]);
  });
});
