#!/usr/bin/env bash
# Packs every package (the library HdrHistogram.Serialization, the integrations, and the hdr tool for this machine's
# RID) into one folder, for using them before they are published (README.md: Install; CONTRIBUTING.md: Packages):
#
#   eng/pack-local.sh [FOLDER]      default FOLDER: ~/hdr-packages
#
# Each run packs a new version, VersionPrefix-local.<UTC date and time> (e.g. 3.0.0-local.20261128150102), so NuGet
# never serves an older pack of the same version from its global packages folder, where it would otherwise keep the
# first package it saw under a version. Prints the version and the commands that use the folder; the last line is the
# version alone.
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

fail() { echo "pack-local: $*" >&2; exit 1; }

folder="${1:-$HOME/hdr-packages}"
mkdir -p "$folder"
folder="$(cd "$folder" && pwd)"
prefix="$(sed -n 's:.*<VersionPrefix>\(.*\)</VersionPrefix>.*:\1:p' Directory.Build.props)"
[ -n "$prefix" ] || fail "no VersionPrefix in Directory.Build.props"
suffix="local.$(date -u +%Y%m%d%H%M%S)"
version="$prefix-$suffix"
rid="$(dotnet --info | sed -n 's/^ *RID: *//p' | head -n 1)"
[ -n "$rid" ] || fail "dotnet --info names no RID"

# The tool ships RID-specific packages: this machine's, and the pointer package that names it.
properties=(-c Release "-p:VersionSuffix=$suffix" "-p:PackageOutputPath=$folder/" "-p:HdrToolRids=$rid" "-p:ToolPackageRuntimeIdentifiers=$rid")
for project in HdrHistogram HdrHistogram.BenchmarkDotNet HdrHistogram.Prometheus HdrHistogram.Prometheus.AspNetCore HdrHistogram.Tool; do
    echo "pack-local: $project $version"
    dotnet pack "$project/$project.csproj" "${properties[@]}" -v:q -nologo >/dev/null \
        || { dotnet pack "$project/$project.csproj" "${properties[@]}" -v:q -nologo; fail "dotnet pack $project failed"; }
done
for id in HdrHistogram.Serialization HdrHistogram.BenchmarkDotNet HdrHistogram.Prometheus HdrHistogram.Prometheus.AspNetCore HdrHistogram.Tool "HdrHistogram.Tool.$rid"; do
    [ -f "$folder/$id.$version.nupkg" ] || fail "$folder lacks $id.$version.nupkg"
done

cat <<EOF
Packed $version into $folder. Use it with:
  dotnet add package HdrHistogram.Serialization --version $version --source $folder
  dotnet tool install --global HdrHistogram.Tool --version $version --add-source $folder
(or --prerelease instead of --version for the newest pack in the folder)
$version
EOF
