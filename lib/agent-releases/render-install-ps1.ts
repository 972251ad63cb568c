// GET /agents/install.ps1: the Windows one-line installer, beside install.sh. It installs the
// self-contained rmm-agent.exe under Program Files as a Windows service. Node itself cannot answer
// the service control manager, so the script compiles a small service host (C#, with the csc.exe
// of the .NET Framework 4 that ships with Windows) that runs `rmm-agent.exe run` and exits with a
// failure when the agent dies, which lets the service's restart-on-failure actions apply.
import { publicBaseUrl } from '@/lib/public-url';

/** For a value inside single quotes in PowerShell. */
const psQuote = (s: string) => `'${s.replace(/'/g, "''")}'`;

const SERVICE_HOST_CS = `using System;
using System.Diagnostics;
using System.IO;
using System.ServiceProcess;
using System.Text;

public class RmmAgentServiceHost : ServiceBase {
  private readonly string exe;
  private readonly string args;
  private Process child;
  private volatile bool stopping;

  public RmmAgentServiceHost(string exe, string args) {
    ServiceName = "rmm-agent";
    CanStop = true;
    CanShutdown = true;
    this.exe = exe;
    this.args = args;
  }

  protected override void OnStart(string[] startArgs) {
    ProcessStartInfo psi = new ProcessStartInfo(exe, args);
    psi.UseShellExecute = false;
    psi.CreateNoWindow = true;
    psi.WorkingDirectory = Path.GetDirectoryName(exe);
    child = Process.Start(psi);
    child.EnableRaisingEvents = true;
    // The agent ended on its own: exit without reporting SERVICE_STOPPED so the service
    // control manager applies the restart-on-failure actions.
    child.Exited += delegate { if (!stopping) Environment.Exit(1); };
  }

  protected override void OnStop() {
    stopping = true;
    try { if (child != null && !child.HasExited) { child.Kill(); child.WaitForExit(10000); } } catch (Exception) { }
  }

  protected override void OnShutdown() { OnStop(); }

  private static string Quote(string a) {
    return "\\"" + a.Replace("\\"", "\\\\\\"") + "\\"";
  }

  public static void Main(string[] argv) {
    string exe = Path.Combine(AppDomain.CurrentDomain.BaseDirectory, "rmm-agent.exe");
    StringBuilder sb = new StringBuilder();
    foreach (string a in argv) { if (sb.Length > 0) sb.Append(' '); sb.Append(Quote(a)); }
    ServiceBase.Run(new RmmAgentServiceHost(exe, sb.ToString()));
  }
}
`;

/**
 * `signingKeyPem`: the release key. Neither Windows PowerShell 5.1 nor PowerShell 7 has Ed25519,
 * so the agent checks the signature (`rmm-agent.exe verify-release`, Node's crypto): the agent
 * already installed when there is one (an upgrade is checked by the trusted old binary), else the
 * downloaded one, before anything is replaced or the service starts.
 */
export function renderInstallPs1(signingKeyPem: string): string {
  const server = publicBaseUrl();
  const keyDer = signingKeyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  return `# RMM agent installer for Windows, served by ${server}
#
# From an elevated PowerShell (Run as administrator):
#   & ([scriptblock]::Create((Invoke-RestMethod '${server}/api/v1/agents/install.ps1'))) -Key '<ENROLLMENT_KEY>' [-EnrollmentSecret '<SECRET>']
# Uninstall (keeps the enrollment in the data directory unless -Purge):
#   & ([scriptblock]::Create((Invoke-RestMethod '${server}/api/v1/agents/install.ps1'))) -Uninstall [-Purge]
#
# Downloads rmm-agent.exe over HTTPS, checks its SHA-256 against the server's release manifest
# (GET /api/v1/agent-versions/latest, or the exact -Version) and its Ed25519 release signature
# with the key below (through rmm-agent.exe verify-release: the installed agent's when there is one,
# else the download's own; PowerShell has no Ed25519), installs it under Program Files,
# enrolls it (once: an existing agent.yaml is kept) and runs it as the Windows service "rmm-agent"
# (automatic start, restart on failure). Safe to re-run: it updates the binary and the service in
# place. Environment: RMM_ENROLLMENT_KEY, RMM_ENROLLMENT_SECRET, RMM_SERVER.
param(
  [string]$Key = $env:RMM_ENROLLMENT_KEY,
  [string]$EnrollmentSecret = $env:RMM_ENROLLMENT_SECRET,
  [string]$Server = $(if ($env:RMM_SERVER) { $env:RMM_SERVER } else { ${psQuote(server)} }),
  [string]$Version = '',
  [string]$InstallDir = (Join-Path $env:ProgramFiles 'RMM Agent'),
  [string]$DataDir = (Join-Path $env:ProgramData 'rmm-agent'),
  [switch]$AllowReboot,
  [switch]$AllowShutdown,
  [switch]$AllowInsecureHttp,
  [switch]$Uninstall,
  [switch]$Purge
)
$ErrorActionPreference = 'Stop'
Set-StrictMode -Version 2
# The server's agent release key (SPKI DER, base64): every file it serves is signed over
# rmm-agent-release:v1:<version>:<os>:<arch>:<sha256>.
$SigningKey = ${psQuote(keyDer)}
$ServiceName = 'rmm-agent'
$Exe = Join-Path $InstallDir 'rmm-agent.exe'
$ServiceHost = Join-Path $InstallDir 'rmm-agent-service.exe'

$principal = New-Object Security.Principal.WindowsPrincipal([Security.Principal.WindowsIdentity]::GetCurrent())
if (-not $principal.IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)) { throw 'rmm-agent: run this from an elevated PowerShell (Run as administrator)' }

function Stop-AgentService {
  $svc = Get-Service -Name $ServiceName -ErrorAction SilentlyContinue
  if ($svc -and $svc.Status -ne 'Stopped') { Stop-Service -Name $ServiceName -Force; $svc.WaitForStatus('Stopped', [TimeSpan]::FromSeconds(30)) }
  return $svc
}

if ($Uninstall) {
  if (Stop-AgentService) { & sc.exe delete $ServiceName | Out-Null }
  & schtasks.exe /Delete /F /TN 'RMM Agent' 2>$null | Out-Null
  if (Test-Path $InstallDir) { Remove-Item -Recurse -Force $InstallDir }
  if ($Purge -and (Test-Path $DataDir)) { Remove-Item -Recurse -Force $DataDir }
  Write-Host "rmm-agent: uninstalled$(if ($Purge) { ' (enrollment removed)' } else { " (enrollment kept in $DataDir; -Purge removes it)" })"
  return
}

$Server = $Server.TrimEnd('/')
if (-not $Server.StartsWith('https://') -and -not $AllowInsecureHttp) { throw "rmm-agent: $Server is not an https:// address (pass -AllowInsecureHttp for a lab server)" }
[Net.ServicePointManager]::SecurityProtocol = [Net.ServicePointManager]::SecurityProtocol -bor [Net.SecurityProtocolType]::Tls12
$enrolled = Test-Path (Join-Path $DataDir 'agent.yaml')
if (-not $enrolled -and -not $Key) { throw 'rmm-agent: -Key <enrollment key> is required' }

# The release manifest: the exact version asked for, else the promoted release.
if ($Version) {
  $release = @((Invoke-RestMethod -UseBasicParsing -Uri "$Server/api/v1/agent-versions").data | Where-Object { $_.version -eq $Version })
  if ($release.Count -ne 1) { throw "rmm-agent: version $Version is not registered on $Server" }
  $release = $release[0]
} else {
  $release = Invoke-RestMethod -UseBasicParsing -Uri "$Server/api/v1/agent-versions/latest"
}
$arch = if ($env:PROCESSOR_ARCHITECTURE -eq 'ARM64') { 'arm64' } else { 'amd64' }
$artifact = @($release.artifacts | Where-Object { $_.os -eq 'windows' -and $_.arch -eq $arch })
if ($artifact.Count -ne 1 -or -not $artifact[0].fileName.EndsWith('.exe')) { throw "rmm-agent: $Server has no Windows executable for $arch in release $($release.version)" }
$artifact = $artifact[0]

$tmp = Join-Path $env:TEMP "rmm-agent-$PID.exe"
$ProgressPreference = 'SilentlyContinue'
$download = Invoke-WebRequest -UseBasicParsing -Uri "$Server/api/v1/agents/download/windows/$($arch)?version=$([Uri]::EscapeDataString($release.version))" -OutFile $tmp -PassThru
$actual = (Get-FileHash -Algorithm SHA256 -Path $tmp).Hash.ToLowerInvariant()
if ($actual -ne $artifact.sha256) { Remove-Item -Force $tmp; throw "rmm-agent: checksum mismatch on download (expected $($artifact.sha256), got $actual); nothing installed" }
# The signature: from the manifest, else (a release signed on its first download) the download's header.
$signature = $artifact.signature
if (-not $signature) { $signature = [string](@($download.Headers['X-Agent-Signature'])[0]) }
if (-not $signature) { Remove-Item -Force $tmp; throw 'rmm-agent: the release carries no signature; nothing installed' }
# An installed agent that knows verify-release checks the new file (the download is not trusted
# to vouch for itself); on a first install the downloaded agent checks its own file.
$verifier = $tmp
if (Test-Path $Exe) { if (((& $Exe --help) | Out-String) -match 'verify-release') { $verifier = $Exe } }
& $verifier verify-release --file $tmp --release-version $release.version --os windows --arch $arch --sha256 $artifact.sha256 --signature $signature --key $SigningKey | Out-Null
if ($LASTEXITCODE -ne 0) { Remove-Item -Force $tmp; throw "rmm-agent: the release signature of $($release.version) does not verify with the server's key; nothing installed" }

New-Item -ItemType Directory -Force -Path $InstallDir | Out-Null
$existing = Stop-AgentService
Move-Item -Force -Path $tmp -Destination $Exe

if (-not (Test-Path $ServiceHost)) {
  $csc = Join-Path $env:WINDIR 'Microsoft.NET\\Framework64\\v4.0.30319\\csc.exe'
  if (-not (Test-Path $csc)) { $csc = Join-Path $env:WINDIR 'Microsoft.NET\\Framework\\v4.0.30319\\csc.exe' }
  if (-not (Test-Path $csc)) { throw 'rmm-agent: the .NET Framework 4 compiler (csc.exe) was not found; it ships with Windows 8 / Server 2012 and later' }
  $src = Join-Path $env:TEMP "rmm-agent-service-$PID.cs"
  Set-Content -Path $src -Encoding UTF8 -Value @'
${SERVICE_HOST_CS}'@
  & $csc /nologo /target:exe /optimize+ "/out:$ServiceHost" /reference:System.ServiceProcess.dll $src | Out-Null
  Remove-Item -Force $src
  if ($LASTEXITCODE -ne 0 -or -not (Test-Path $ServiceHost)) { throw 'rmm-agent: compiling the service host failed' }
}

if (-not $enrolled) {
  New-Item -ItemType Directory -Force -Path $DataDir | Out-Null
  # agent.yaml holds the agent's credential: SYSTEM and Administrators only.
  & icacls.exe $DataDir /inheritance:r /grant:r '*S-1-5-18:(OI)(CI)F' '*S-1-5-32-544:(OI)(CI)F' | Out-Null
  $enroll = @('enroll', '--key', $Key, '--server', $Server, '--data-dir', $DataDir, '--quiet')
  if ($EnrollmentSecret) { $enroll += @('--enrollment-secret', $EnrollmentSecret) }
  & $Exe @enroll
  if ($LASTEXITCODE -ne 0) { throw "rmm-agent: enrollment failed (exit $LASTEXITCODE)" }
}

$runArgs = "run --data-dir \`"$DataDir\`""
if ($AllowReboot) { $runArgs += ' --allow-reboot' }
if ($AllowShutdown) { $runArgs += ' --allow-shutdown' }
$binPath = "\`"$ServiceHost\`" $runArgs"
if ($existing) {
  & sc.exe config $ServiceName binPath= $binPath start= auto | Out-Null
} else {
  New-Service -Name $ServiceName -BinaryPathName $binPath -DisplayName 'RMM Agent' -Description 'RMM agent (heartbeats, inventory and remote commands)' -StartupType Automatic | Out-Null
}
# Restart 15 s after a failure (twice), then after a minute; the failure count resets daily.
& sc.exe failure $ServiceName reset= 86400 actions= restart/15000/restart/15000/restart/60000 | Out-Null
& sc.exe failureflag $ServiceName 1 | Out-Null
# A scheduled task left by an older agent (rmm-agent service install) would run a second copy.
& schtasks.exe /Delete /F /TN 'RMM Agent' 2>$null | Out-Null
Start-Service -Name $ServiceName
Write-Host "rmm-agent: $($release.version) installed in $InstallDir and running as the $ServiceName service$(if ($enrolled) { ' (already enrolled)' } else { ' (enrolled)' })"
`;
}
