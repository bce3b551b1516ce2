#!/usr/bin/env bash
# Lays out a private dotnet root (default: .dotnet/ in the repository, gitignored) that holds the installed SDK and
# runtime plus the .NET 8 and .NET 9 shared frameworks, taken from NuGet runtime packs
# (Microsoft.NETCore.App.Runtime.<rid>), so the net8.0 and net9.0 test targets can run on their own runtimes on a
# machine that has only the .NET 10 SDK. Nothing but NuGet is downloaded.
#
#   eng/setup-side-by-side-runtimes.sh [--root DIR] [--keep-packages] [--no-verify] [--print-env]
#
#   --root DIR        the private dotnet root to create or update (default: <repo>/.dotnet; or HDR_DOTNET_ROOT)
#   --keep-packages   keep the restored runtime packs under DIR/.setup/packages (deleted by default)
#   --no-verify       skip the smoke test (a tiny console app run on each new runtime)
#   --print-env       print only the export lines for the private root (after setting it up), for eval
#
# Environment:
#   HDR_RUNTIME_VERSIONS   runtime versions to add (default "8.0.33 9.0.22")
#   HDR_SOURCE_DOTNET      the installed dotnet root to mirror (default: the one `dotnet` on PATH runs from,
#                          else /usr/share/dotnet)
#
# Layout of the private root (shared frameworks are found next to the muxer that runs, so everything the muxer
# needs must be under the root, not merely linked to the installed one):
#   dotnet                         a copy of the installed muxer: the muxer takes its root from its own resolved
#                                  path, so a symlink would resolve back to the installed root
#   sdk/<version>/                 hard links to the installed SDK (a copy when /work and the install are on different
#                                  file systems): MSBuild derives NetCoreRoot and DOTNET_HOST_PATH (which vstest uses
#                                  to start the test host) from the SDK's resolved location, so a symlink would send
#                                  the test host back to the installed root
#   host/, packs/, sdk-manifests/, templates/, ...   symlinks to the installed ones
#   shared/<framework>/<version>   symlinks to the installed shared frameworks
#   shared/Microsoft.NETCore.App/8.0.33, 9.0.22      assembled from the runtime packs: runtimes/<rid>/lib/netX.0/*
#                                  (managed assemblies, Microsoft.NETCore.App.deps.json and .runtimeconfig.json) and
#                                  runtimes/<rid>/native/* except libhostfxr.so (hostfxr lives under host/fxr/). For
#                                  10.0.12 this recipe reproduces the installed shared framework byte for byte.
#
# Idempotent: what exists is kept; a second run restores nothing and takes about a second.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
root=${HDR_DOTNET_ROOT:-$repo/.dotnet}
versions=${HDR_RUNTIME_VERSIONS:-8.0.33 9.0.22}
keep_packages=0
verify=1
print_env=0

while [ $# -gt 0 ]; do
    case "$1" in
        --root) root=$2; shift 2 ;;
        --root=*) root=${1#--root=}; shift ;;
        --keep-packages) keep_packages=1; shift ;;
        --no-verify) verify=0; shift ;;
        --print-env) print_env=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1
unset DOTNET_ROLL_FORWARD

log() { if [ "$print_env" -eq 0 ]; then echo "$@"; else echo "$@" >&2; fi; }
die() { echo "setup-side-by-side-runtimes: $*" >&2; exit 1; }

started=$(date +%s)
mkdir -p "$root"
root=$(cd "$root" && pwd -P)

# --- the installed dotnet root to mirror ------------------------------------------------------------------------
source_root=${HDR_SOURCE_DOTNET:-}
if [ -z "$source_root" ]; then
    muxer=$(command -v dotnet || true)
    if [ -n "$muxer" ]; then
        source_root=$(dirname "$(readlink -f "$muxer")")
    fi
    # The private root itself may be first on PATH (a second run from a shell that already uses it).
    if [ -z "$source_root" ] || [ "$source_root" = "$root" ]; then
        source_root=/usr/share/dotnet
    fi
fi
source_root=$(cd "$source_root" && pwd -P) || die "no dotnet root at $source_root"
[ "$source_root" != "$root" ] || die "the source dotnet root is the private root itself ($root); set HDR_SOURCE_DOTNET"
for need in dotnet host/fxr sdk shared/Microsoft.NETCore.App; do
    [ -e "$source_root/$need" ] || die "$source_root does not look like a dotnet root (no $need)"
done

case "$(uname -m)" in
    x86_64|amd64) arch=x64 ;;
    aarch64|arm64) arch=arm64 ;;
    *) die "unsupported machine $(uname -m)" ;;
esac
os=linux
if [ -e /etc/alpine-release ] || ldd --version 2>&1 | grep -qi musl; then os=linux-musl; fi
rid=$os-$arch

log "private dotnet root: $root"
log "mirroring:           $source_root"
log "runtimes:            $versions ($rid)"

# --- muxer, SDKs, everything else -------------------------------------------------------------------------------
if ! cmp -s "$source_root/dotnet" "$root/dotnet"; then
    cp -p "$source_root/dotnet" "$root/dotnet.tmp" && mv -f "$root/dotnet.tmp" "$root/dotnet"
    log "  copied the muxer"
fi

mkdir -p "$root/sdk" "$root/shared" "$root/.setup"
for sdk in "$source_root"/sdk/*/; do
    sdk=$(basename "$sdk")
    [ -d "$root/sdk/$sdk" ] && continue
    stage="$root/.setup/sdk-$sdk"
    rm -rf "$stage"
    if cp -al "$source_root/sdk/$sdk" "$stage" 2>/dev/null; then
        log "  sdk $sdk: hard-linked"
    else
        rm -rf "$stage"
        cp -a "$source_root/sdk/$sdk" "$stage"
        log "  sdk $sdk: copied (hard links not possible across file systems)"
    fi
    mv "$stage" "$root/sdk/$sdk"
done
# SDKs since removed from the installation.
for sdk in "$root"/sdk/*/; do
    [ -d "$sdk" ] || continue
    sdk=$(basename "$sdk")
    if [ ! -d "$source_root/sdk/$sdk" ]; then rm -rf "${root:?}/sdk/$sdk"; log "  sdk $sdk: removed (no longer installed)"; fi
done

for entry in "$source_root"/*; do
    name=$(basename "$entry")
    case "$name" in dotnet|sdk|shared) continue ;; esac
    [ -e "$root/$name" ] || [ -L "$root/$name" ] || { ln -s "$entry" "$root/$name"; log "  linked $name"; }
done

for framework in "$source_root"/shared/*/; do
    framework=$(basename "$framework")
    mkdir -p "$root/shared/$framework"
    for version in "$source_root/shared/$framework"/*/; do
        version=$(basename "$version")
        target="$root/shared/$framework/$version"
        [ -e "$target" ] || [ -L "$target" ] || { ln -s "$source_root/shared/$framework/$version" "$target"; log "  linked $framework $version"; }
    done
    # Links whose installed framework has gone.
    for link in "$root/shared/$framework"/*; do
        if [ -L "$link" ] && [ ! -e "$link" ]; then rm -f "$link"; log "  unlinked $framework $(basename "$link") (no longer installed)"; fi
    done
done

# --- the extra shared frameworks from the runtime packs ----------------------------------------------------------
fx="$root/shared/Microsoft.NETCore.App"
complete() {
    local dir=$1
    [ -d "$dir" ] && [ ! -L "$dir" ] || return 1
    for f in Microsoft.NETCore.App.deps.json Microsoft.NETCore.App.runtimeconfig.json libhostpolicy.so libcoreclr.so \
             libclrjit.so libSystem.Native.so System.Private.CoreLib.dll System.Runtime.dll netstandard.dll; do
        [ -f "$dir/$f" ] || return 1
    done
}

missing=()
for v in $versions; do
    [[ "$v" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "not a runtime version: $v"
    if complete "$fx/$v"; then
        log "  Microsoft.NETCore.App $v: present"
    elif [ -e "$fx/$v" ] || [ -L "$fx/$v" ]; then
        die "$fx/$v exists but is not a complete shared framework; remove it and run again"
    else
        missing+=("$v")
    fi
done

assembled=()
if [ ${#missing[@]} -gt 0 ]; then
    work="$root/.setup"
    packages="$work/packages"
    ranges=$(printf '[%s];' "${missing[@]}")
    ranges=${ranges%;}
    mkdir -p "$work/download"
    cat > "$work/download/download.csproj" <<EOF
<Project Sdk="Microsoft.NET.Sdk">
  <!-- Generated by eng/setup-side-by-side-runtimes.sh: downloads the runtime packs, builds nothing. -->
  <PropertyGroup>
    <TargetFramework>netstandard2.0</TargetFramework>
    <DisableImplicitFrameworkReferences>true</DisableImplicitFrameworkReferences>
    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
    <RestorePackagesPath>$packages</RestorePackagesPath>
  </PropertyGroup>
  <ItemGroup>
    <PackageDownload Include="Microsoft.NETCore.App.Runtime.$rid" Version="$ranges" />
  </ItemGroup>
</Project>
EOF
    log "  restoring Microsoft.NETCore.App.Runtime.$rid $ranges from the NuGet feeds"
    t0=$(date +%s)
    # The repository's Directory.*.props/targets are not for this project.
    if ! restore_log=$("$source_root/dotnet" restore "$work/download/download.csproj" \
            -p:ImportDirectoryBuildProps=false -p:ImportDirectoryBuildTargets=false \
            -p:ImportDirectoryPackagesProps=false 2>&1); then
        echo "$restore_log" >&2
        die "restoring the runtime packs failed"
    fi
    log "  restored in $(( $(date +%s) - t0 )) s"

    package_dir=$packages/microsoft.netcore.app.runtime.$rid
    for v in "${missing[@]}"; do
        pack="$package_dir/$v/runtimes/$rid"
        major=${v%%.*}
        minor=${v#*.}; minor=${minor%%.*}
        lib="$pack/lib/net$major.$minor"
        [ -d "$lib" ] && [ -d "$pack/native" ] || die "unexpected runtime pack layout under $package_dir/$v"
        stage="$work/stage-$v"
        rm -rf "$stage"
        mkdir -p "$stage"
        # Hard links when possible: the pack folder is deleted afterwards, so nothing is stored twice.
        cp -l "$lib"/* "$pack/native"/* "$stage"/ 2>/dev/null || cp -p "$lib"/* "$pack/native"/* "$stage"/
        rm -f "$stage/libhostfxr.so"
        grep -q "\"Microsoft.NETCore.App.Runtime.$rid/$v\"" "$stage/Microsoft.NETCore.App.deps.json" \
            || die "the deps.json of runtime pack $v does not describe Microsoft.NETCore.App.Runtime.$rid/$v"
        complete "$stage" || die "runtime pack $v lacks files a shared framework needs"
        mv "$stage" "$fx/$v"
        assembled+=("$v")
        log "  Microsoft.NETCore.App $v: assembled ($(ls "$fx/$v" | wc -l) files)"
    done
    if [ "$keep_packages" -eq 0 ]; then rm -rf "$packages" "$work/download"; fi
fi

# --- check the muxer sees every runtime; run something on the new ones -------------------------------------------
listed=$(DOTNET_ROOT="$root" "$root/dotnet" --list-runtimes)
for v in $versions; do
    grep -q "^Microsoft.NETCore.App $v \[$fx\]" <<<"$listed" || { echo "$listed" >&2; die "the private muxer does not list Microsoft.NETCore.App $v"; }
done

if [ "$verify" -eq 1 ] && [ ${#assembled[@]} -gt 0 ]; then
    smoke="$root/.setup/smoke"
    tfms=""
    for v in "${assembled[@]}"; do tfms="$tfms;net${v%%.*}.0"; done
    mkdir -p "$smoke"
    cat > "$smoke/smoke.csproj" <<EOF
<Project Sdk="Microsoft.NET.Sdk">
  <!-- Generated by eng/setup-side-by-side-runtimes.sh: prints the runtime it runs on. -->
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFrameworks>${tfms#;}</TargetFrameworks>
    <UseAppHost>false</UseAppHost>
    <ImplicitUsings>disable</ImplicitUsings>
    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
  </PropertyGroup>
</Project>
EOF
    cat > "$smoke/Program.cs" <<'EOF'
System.Console.WriteLine(System.Environment.Version + " " + typeof(object).Assembly.Location);
EOF
    log "  smoke test: building a console app for ${tfms#;}"
    undo() { for v in "${assembled[@]}"; do rm -rf "${fx:?}/$v"; done; die "$@ (removed ${assembled[*]}; run again to retry)"; }
    if ! build_log=$(DOTNET_ROOT="$root" "$root/dotnet" build "$smoke/smoke.csproj" -c Release \
            -p:ImportDirectoryBuildProps=false -p:ImportDirectoryBuildTargets=false \
            -p:ImportDirectoryPackagesProps=false 2>&1); then
        echo "$build_log" >&2
        undo "building the smoke test failed"
    fi
    for v in "${assembled[@]}"; do
        # --fx-version: exactly this runtime, even when another patch of the same major is present.
        out=$(DOTNET_ROOT="$root" "$root/dotnet" exec --fx-version "$v" "$smoke/bin/Release/net${v%%.*}.0/smoke.dll" 2>&1) \
            || { echo "$out" >&2; undo "the smoke test did not run on $v"; }
        [[ "$out" == "$v $fx/$v/System.Private.CoreLib.dll" ]] || undo "the smoke test ran on the wrong runtime: $out"
        log "  smoke test on $v: ran ($out)"
    done
    rm -rf "$smoke"
fi

cat > "$root/.setup/README" <<EOF
Private dotnet root made by eng/setup-side-by-side-runtimes.sh from $source_root.
Extra runtimes: $versions ($rid). Delete the folder to undo; run the script again to update.
EOF

# du counts a hard-linked file once per invocation: the second line is what the private root adds to the disk.
extra=$(du -sh "$source_root" "$root" 2>/dev/null | tail -n 1 | cut -f1)
log "done in $(( $(date +%s) - started )) s; the private root adds $extra on disk ($(du -sh "$root" 2>/dev/null | cut -f1) counted on its own)"
if [ "$print_env" -eq 1 ]; then
    echo "export DOTNET_ROOT='$root'"
    echo "export PATH='$root':\"\$PATH\""
else
    echo "Use it with:  export DOTNET_ROOT=$root PATH=$root:\$PATH"
fi
