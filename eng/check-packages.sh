#!/usr/bin/env bash
# Packs the solution (after the Release build: `dotnet pack --no-build`, after a build of the tool for each of its RIDs;
# PackageOutputPath is nupkg/) and checks what a user gets
# (run by .ci/run):
#  1. exactly these packages come out: HdrHistogram.Serialization (the library) with its .snupkg, and the hdr .NET tool as
#     RID-specific tool packages: HdrHistogram.Tool (a pointer to the others) and HdrHistogram.Tool.<rid> for every RID of
#     HdrToolRids in HdrHistogram.Tool.csproj and for 'any', each with its .snupkg, and the integrations
#     (HdrHistogram.BenchmarkDotNet, HdrHistogram.Prometheus, HdrHistogram.Prometheus.AspNetCore: lib/ per framework, a
#     dependency on the library package (the ASP.NET Core one: on HdrHistogram.Prometheus; the BenchmarkDotNet one also
#     on HdrHistogram.Prometheus for its .NET 8+ frameworks, not netstandard2.0), SourceLinked pdbs; only
#     HdrHistogram.Prometheus.AspNetCore references the Microsoft.AspNetCore.App framework); tests, benchmarks,
#     examples and the compat programs are not packable;
#  2. the library package: lib/<tfm>/HdrHistogram.dll and .xml for net8.0, net9.0, net10.0 and netstandard2.0 and nothing
#     else under lib/; the tool: the pointer package's DotnetToolSettings.xml names hdr and every RID package; the
#     linux-x64 package holds tools/net10.0/linux-x64/ with the tool, the library, the plotting library and the
#     SkiaSharp/HarfBuzz native libraries of linux-x64 only, and no native debug symbols;
#  3. both nuspecs: the version set in Directory.Build.props, licence expression, readme (packed), project URL, tags,
#     release notes, description, the git repository with the commit built;
#  4. both .snupkg: every pdb, each with SourceLink JSON that maps the sources to the repository at that commit;
#  5. (after 6) every C# example of README.md and the library package's readme, as printed, in a new console app that
#     adds the package, printing what the page says (eng/new-user.sh), and hdr summary reads the logs they write;
#  6. the tool installs from the package folder (dotnet tool install --tool-path, nothing but nupkg/ as a source), the
#     install takes at most HDR_TOOL_INSTALL_LIMIT_MB (default 40) MB, and the installed hdr prints its version,
#     processes and plots the sample log.
# Works offline once `dotnet restore HdrHistogram.sln` has run.
#
#   eng/check-packages.sh              every RID of HdrToolRids (what a release publishes)
#   eng/check-packages.sh --rids host  linux-x64 (checked in full) and this machine's RID only, without the 'any'
#                                      fallback: the packages are the same build but for the natives each RID carries,
#                                      so .ci/run checks these and leaves every RID to the workflow's own packages job
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

fail() { echo "check-packages: $*" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
packages="${NUGET_PACKAGES:-$(dotnet nuget locals global-packages --list | sed 's/^global-packages: //')}"

version="$(sed -n 's:.*<VersionPrefix>\(.*\)</VersionPrefix>.*:\1:p' Directory.Build.props)"
[ -n "$version" ] || fail "no VersionPrefix in Directory.Build.props"
repository="$(sed -n 's:.*<RepositoryUrl>\(.*\)</RepositoryUrl>.*:\1:p' Directory.Build.props)"
[ -n "$repository" ] || fail "no RepositoryUrl in Directory.Build.props"
commit="$(git rev-parse HEAD 2>/dev/null || true)"

# 1. Pack everything packable. The tool's RID-specific packages publish each RID's build, which the solution build (no
# RuntimeIdentifier) does not make: build those first, so that the pack itself builds nothing.
tool_rids="$(sed -n 's:.*<HdrToolRids>\(.*\)</HdrToolRids>.*:\1:p' HdrHistogram.Tool/HdrHistogram.Tool.csproj | tr ';' ' ')"
[ -n "$tool_rids" ] || fail "no HdrToolRids in HdrHistogram.Tool/HdrHistogram.Tool.csproj"
rid_property=()
package_rids="$tool_rids any"
case "${1:-}" in
    "") ;;
    --rids)
        [ "${2:-}" = host ] || fail "usage: eng/check-packages.sh [--rids host]"
        host_rid="$(dotnet --info | sed -n 's/^ *RID: *//p' | head -n 1)"
        narrowed="linux-x64"
        if [ -n "$host_rid" ] && [ "$host_rid" != linux-x64 ] && [[ " $tool_rids " == *" $host_rid "* ]]; then
            narrowed+=" $host_rid"
        fi
        tool_rids="$narrowed"
        package_rids="$tool_rids"
        # Narrows the pointer package too, so that it names only the RID packages made here.
        rid_property=("-p:HdrToolRids=${tool_rids// /%3B}" "-p:ToolPackageRuntimeIdentifiers=${tool_rids// /%3B}")
        ;;
    *) fail "usage: eng/check-packages.sh [--rids host]" ;;
esac
rm -rf nupkg
start=$SECONDS
# One MSBuild invocation builds every RID (what `dotnet build -r RID` does for each), on as many nodes as there are
# cores: the graph is evaluated once, and one RID's copying overlaps another's compilation.
{
    echo '<Project><ItemGroup>'
    for rid in $package_rids; do
        echo "<ToolBuild Include=\"$PWD/HdrHistogram.Tool/HdrHistogram.Tool.csproj\" AdditionalProperties=\"RuntimeIdentifier=$rid;_CommandLineDefinedRuntimeIdentifier=true\" />"
    done
    echo '</ItemGroup><Target Name="Build">'
    echo '<MSBuild Projects="@(ToolBuild)" Targets="Build" Properties="Configuration=Release" BuildInParallel="true" />'
    echo '</Target></Project>'
} >"$work/tool-rids.proj"
dotnet msbuild "$work/tool-rids.proj" -m -nologo -v:q >"$work/build-rids.txt" 2>&1 \
    || { cat "$work/build-rids.txt"; fail "building the tool for its RIDs ($package_rids) failed"; }
dotnet pack HdrHistogram.sln -c Release --no-build --no-restore "${rid_property[@]}" >"$work/pack.txt" 2>&1 \
    || { cat "$work/pack.txt"; fail "dotnet pack failed"; }
# The integrations: packages of their own (id:frameworks:the package it depends on; the core gains no dependency).
integrations="HdrHistogram.BenchmarkDotNet:net8.0,net9.0,net10.0,netstandard2.0:HdrHistogram.Serialization
HdrHistogram.Prometheus:net8.0,net10.0:HdrHistogram.Serialization
HdrHistogram.Prometheus.AspNetCore:net8.0,net10.0:HdrHistogram.Prometheus"
expected="HdrHistogram.Serialization.$version.nupkg HdrHistogram.Serialization.$version.snupkg HdrHistogram.Tool.$version.nupkg"
for integration in $integrations; do
    expected+=" ${integration%%:*}.$version.nupkg ${integration%%:*}.$version.snupkg"
done
for rid in $package_rids; do
    expected+=" HdrHistogram.Tool.$rid.$version.nupkg HdrHistogram.Tool.$rid.$version.snupkg"
done
expected="$(tr ' ' '\n' <<<"$expected" | sort | tr '\n' ' ' | sed 's/ $//')"
got="$(cd nupkg && ls | sort | tr '\n' ' ' | sed 's/ $//')"
[ "$got" = "$expected" ] || fail "nupkg/ holds '$got', expected '$expected' (only the library, the integrations and the tool are packable)"
sizes=""
for rid in $package_rids; do
    sizes+=", $rid $(($(stat -c %s "nupkg/HdrHistogram.Tool.$rid.$version.nupkg") / 1024 / 1024)) MB"
done
echo "packages: $got ($((SECONDS - start)) s; library $(($(stat -c %s "nupkg/HdrHistogram.Serialization.$version.nupkg") / 1024)) KB; tool${sizes#,})"

# Entries of a package, one path a line.
entries() { unzip -Z1 "$1" | sort; }
has() { grep -qxF "$2" <<<"$1" || fail "$3 lacks $2"; }

# 3. The nuspec fields (shared by both packages, then each one's own).
check_nuspec() {
    local package="$1" id="$2" nuspec
    nuspec="$(unzip -p "nupkg/$package" "$id.nuspec")"
    local field
    for field in "<id>$id</id>" "<version>$version</version>" '<license type="expression">CC0-1.0 OR BSD-2-Clause</license>' \
        '<readme>README.md</readme>' "<projectUrl>$repository</projectUrl>" '<authors>' '<description>' '<releaseNotes>' \
        '<tags>' '<copyright>'; do
        grep -qF "$field" <<<"$nuspec" || fail "$package: nuspec lacks $field"
    done
    grep -q '<releaseNotes>.*3\.0\.0' <<<"$nuspec" || fail "$package: release notes do not mention 3.0.0"
    grep -q '<tags>.*hdrhistogram' <<<"$nuspec" || fail "$package: tags lack hdrhistogram"
    local repo_element
    repo_element="$(grep -o '<repository [^>]*>' <<<"$nuspec" || true)"
    [[ "$repo_element" == *"type=\"git\""* && "$repo_element" == *"url=\"$repository\""* ]] \
        || fail "$package: repository element is '$repo_element', expected git at $repository"
    [[ "$repo_element" =~ commit=\"([0-9a-f]{40})\" ]] || fail "$package: repository element has no commit: $repo_element"
    if [ -n "$commit" ] && [ "${BASH_REMATCH[1]}" != "$commit" ]; then
        fail "$package: repository commit ${BASH_REMATCH[1]} is not the commit built ($commit)"
    fi
    if grep -qi 'sourcelink\|Microsoft.Build.Tasks.Git' <<<"$nuspec"; then
        fail "$package: SourceLink leaked into the dependencies (it is build-time only)"
    fi
    echo "$nuspec" >"$work/$id.nuspec"
}

# 4. A pdb carries SourceLink JSON mapping the sources to raw files of the repository at the commit.
check_sourcelink() {
    local pdb="$1" what="$2" json raw
    raw="https://raw.githubusercontent.com/${repository#https://github.com/}/"
    json="$(grep -a -o '{"documents":{[^}]*}}' "$pdb" || true)"
    [ -n "$json" ] || fail "$what: no SourceLink JSON in the pdb"
    [[ "$json" == *"\"$raw"* ]] || fail "$what: SourceLink JSON does not map to $raw: $json"
    if [ -n "$commit" ] && [[ "$json" != *"$raw$commit/"* ]]; then
        fail "$what: SourceLink JSON does not map to commit $commit: $json"
    fi
}

# 2-4. The library package.
lib="HdrHistogram.Serialization.$version"
lib_entries="$(entries "nupkg/$lib.nupkg")"
has "$lib_entries" README.md "$lib.nupkg"
unzip -p "nupkg/$lib.nupkg" README.md | cmp -s - HdrHistogram/README.md || fail "$lib.nupkg: README.md is not HdrHistogram/README.md"
expected_lib=""
for tfm in net8.0 net9.0 net10.0 netstandard2.0; do
    expected_lib+="lib/$tfm/HdrHistogram.dll"$'\n'"lib/$tfm/HdrHistogram.xml"$'\n'
done
actual_lib="$(grep '^lib/' <<<"$lib_entries" || true)"
[ "$actual_lib" = "$(sort <<<"${expected_lib%$'\n'}")" ] || fail "$lib.nupkg: lib/ holds"$'\n'"$actual_lib"$'\n'"expected"$'\n'"$expected_lib"
check_nuspec "$lib.nupkg" HdrHistogram.Serialization
grep -q 'targetFramework=".NETStandard2.0"' "$work/HdrHistogram.Serialization.nuspec" || fail "$lib.nupkg: no netstandard2.0 dependency group"
mkdir -p "$work/libsym"
unzip -q "nupkg/$lib.snupkg" -d "$work/libsym"
for tfm in net8.0 net9.0 net10.0 netstandard2.0; do
    [ -f "$work/libsym/lib/$tfm/HdrHistogram.pdb" ] || fail "$lib.snupkg lacks lib/$tfm/HdrHistogram.pdb"
    check_sourcelink "$work/libsym/lib/$tfm/HdrHistogram.pdb" "$lib.snupkg lib/$tfm/HdrHistogram.pdb"
done
echo "library package: lib/ for net8.0, net9.0, net10.0, netstandard2.0 (dll + xml), README, nuspec fields, 4 pdbs with SourceLink at ${commit:-the commit built}"

# 2-4. The integration packages: lib/ per target framework, README, nuspec fields, a dependency on the library package,
# pdbs with SourceLink.
for integration in $integrations; do
    id="${integration%%:*}"
    dependency="${integration##*:}"
    integration="${integration%:*}"
    package="$id.$version"
    package_entries="$(entries "nupkg/$package.nupkg")"
    has "$package_entries" README.md "$package.nupkg"
    expected_lib=""
    for tfm in $(tr ',' ' ' <<<"${integration#*:}"); do
        expected_lib+="lib/$tfm/$id.dll"$'\n'"lib/$tfm/$id.xml"$'\n'
    done
    actual_lib="$(grep '^lib/' <<<"$package_entries" || true)"
    [ "$actual_lib" = "$(sort <<<"${expected_lib%$'\n'}")" ] \
        || fail "$package.nupkg: lib/ holds"$'\n'"$actual_lib"$'\n'"expected"$'\n'"$expected_lib"
    check_nuspec "$package.nupkg" "$id"
    grep -q "<dependency id=\"$dependency\" version=\"$version\"" "$work/$id.nuspec" \
        || fail "$package.nupkg: no dependency on $dependency $version"
    # The BenchmarkDotNet integration pushes (remote write, from HdrHistogram.Prometheus) on .NET 8 and later only: its
    # .NET groups depend on HdrHistogram.Prometheus, its netstandard2.0 group must not (that package has no such build).
    if [ "$id" = HdrHistogram.BenchmarkDotNet ]; then
        for group in net8.0 net9.0 net10.0 .NETStandard2.0; do
            deps="$(sed -n "/<group targetFramework=\"$group\"/,/<\/group>/p" "$work/$id.nuspec")"
            [ -n "$deps" ] || fail "$package.nupkg: no $group dependency group"
            if [ "$group" = .NETStandard2.0 ]; then
                if grep -q '<dependency id="HdrHistogram.Prometheus"' <<<"$deps"; then
                    fail "$package.nupkg: the $group group depends on HdrHistogram.Prometheus"
                fi
            else
                grep -q "<dependency id=\"HdrHistogram.Prometheus\" version=\"$version\"" <<<"$deps" || fail "$package.nupkg: the $group group lacks HdrHistogram.Prometheus $version"
            fi
        done
    fi
    # ASP.NET Core only where it is the point: a worker that uses the standalone listener must not take it.
    if [ "$id" = HdrHistogram.Prometheus.AspNetCore ]; then
        grep -q '<frameworkReference name="Microsoft.AspNetCore.App"' "$work/$id.nuspec" \
            || fail "$package.nupkg: no Microsoft.AspNetCore.App framework reference"
    elif grep -q '<frameworkReference name="Microsoft.AspNetCore' "$work/$id.nuspec"; then
        fail "$package.nupkg: the nuspec references the ASP.NET Core framework"
    fi
    mkdir -p "$work/sym-$id"
    unzip -q "nupkg/$package.snupkg" -d "$work/sym-$id"
    for tfm in $(tr ',' ' ' <<<"${integration#*:}"); do
        [ -f "$work/sym-$id/lib/$tfm/$id.pdb" ] || fail "$package.snupkg lacks lib/$tfm/$id.pdb"
        check_sourcelink "$work/sym-$id/lib/$tfm/$id.pdb" "$package.snupkg lib/$tfm/$id.pdb"
    done
    echo "integration package $id: lib/ for ${integration#*:} (dll + xml), README, nuspec fields, depends on $dependency $version, pdbs with SourceLink"
done

# 2-4. The tool packages: the pointer, and the linux-x64 package in full (the others are built the same way).
tool="HdrHistogram.Tool.$version"
tool_entries="$(entries "nupkg/$tool.nupkg")"
has "$tool_entries" README.md "$tool.nupkg"
has "$tool_entries" tools/any/any/DotnetToolSettings.xml "$tool.nupkg"
settings="$(unzip -p "nupkg/$tool.nupkg" tools/any/any/DotnetToolSettings.xml)"
grep -q '<Command Name="hdr" />' <<<"$settings" || fail "$tool.nupkg: DotnetToolSettings.xml does not declare the hdr command"
for rid in $package_rids; do
    grep -qF "<RuntimeIdentifierPackage RuntimeIdentifier=\"$rid\" Id=\"HdrHistogram.Tool.$rid\" />" <<<"$settings" \
        || fail "$tool.nupkg: DotnetToolSettings.xml does not point $rid to HdrHistogram.Tool.$rid"
done
check_nuspec "$tool.nupkg" HdrHistogram.Tool
grep -q '<packageType name="DotnetTool" />' "$work/HdrHistogram.Tool.nuspec" || fail "$tool.nupkg is not a DotnetTool package"
linux="HdrHistogram.Tool.linux-x64.$version"
linux_entries="$(entries "nupkg/$linux.nupkg")"
dir=tools/net10.0/linux-x64
for f in $dir/DotnetToolSettings.xml $dir/HdrHistogram.Tool.dll $dir/HdrHistogram.Tool.runtimeconfig.json \
    $dir/HdrHistogram.Tool.deps.json $dir/HdrHistogram.dll $dir/HdrHistogram.Plotting.dll $dir/System.CommandLine.dll \
    $dir/ScottPlot.dll $dir/SkiaSharp.dll $dir/HarfBuzzSharp.dll $dir/libSkiaSharp.so $dir/libHarfBuzzSharp.so; do
    has "$linux_entries" "$f" "$linux.nupkg"
done
if grep -q '^tools/.*/runtimes/' <<<"$linux_entries"; then fail "$linux.nupkg carries other platforms' native libraries"; fi
if grep -qE '^tools/.*/lib[^/]*\.pdb$' <<<"$linux_entries"; then fail "$linux.nupkg carries native debug symbols"; fi
unzip -p "nupkg/$linux.nupkg" $dir/DotnetToolSettings.xml | grep -q '<Command Name="hdr" EntryPoint="HdrHistogram.Tool" Runner="executable" />' \
    || fail "$linux.nupkg: DotnetToolSettings.xml does not declare the hdr command"
if [[ " $package_rids " == *" any "* ]]; then
    any_entries="$(entries "nupkg/HdrHistogram.Tool.any.$version.nupkg")"
    if grep -q '^tools/net10.0/any/runtimes/linux-x64/' <<<"$any_entries"; then fail "HdrHistogram.Tool.any carries linux-x64 natives (linux-x64 has its own package)"; fi
    if grep -q '^tools/.*/runtimes/.*\.pdb$' <<<"$any_entries"; then fail "HdrHistogram.Tool.any carries native debug symbols"; fi
fi
mkdir -p "$work/toolsym"
unzip -q "nupkg/$linux.snupkg" -d "$work/toolsym"
for pdb in HdrHistogram.Tool.pdb HdrHistogram.Plotting.pdb HdrHistogram.pdb; do
    [ -f "$work/toolsym/$dir/$pdb" ] || fail "$linux.snupkg lacks $dir/$pdb"
    check_sourcelink "$work/toolsym/$dir/$pdb" "$linux.snupkg $pdb"
done
echo "tool packages: the pointer names hdr and $(wc -w <<<"$package_rids") RID packages; $dir with the tool, library, plotting and linux-x64's SkiaSharp natives only, README, nuspec fields, 3 pdbs with SourceLink"

# Only the package folder and the already-restored packages as sources: nothing is fetched, and nothing published
# under the same names elsewhere can be picked instead.
cat >"$work/nuget.config" <<EOF
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="nupkg" value="$PWD/nupkg" />
    <add key="restored" value="$packages" />
  </packageSources>
</configuration>
EOF

# 6. The tool, installed from the package.
dotnet tool install --tool-path "$work/tools" --configfile "$work/nuget.config" --version "$version" HdrHistogram.Tool \
    >"$work/install.txt" 2>&1 || { cat "$work/install.txt"; fail "dotnet tool install from nupkg/ failed"; }
hdr="$work/tools/hdr"
limit_mb="${HDR_TOOL_INSTALL_LIMIT_MB:-40}"
installed_kb="$(du -sk "$work/tools" | cut -f1)"
[ "$installed_kb" -le $((limit_mb * 1024)) ] || fail "the --tool-path install takes $((installed_kb / 1024)) MB, over the limit of $limit_mb MB"
installed_version="$("$hdr" --version)"
[[ "$installed_version" == "hdr $version"* ]] || fail "installed hdr --version printed '$installed_version'"
"$hdr" process -i samples/latency.hlog -utc >"$work/process.txt" || fail "installed hdr process failed"
grep -q '^#\[Max     =      800.063, Total count    =        30402\]$' "$work/process.txt" \
    || { tail -3 "$work/process.txt"; fail "installed hdr process printed an unexpected distribution"; }
"$hdr" plot samples/latency.hlog -o "$work/latency.png" || fail "installed hdr plot failed"
[ "$(head -c 8 "$work/latency.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "installed hdr plot wrote no PNG"
"$hdr" plot samples/latency.hlog -o "$work/latency.svg" || fail "installed hdr plot (SVG) failed"
grep -q '<svg' "$work/latency.svg" || fail "installed hdr plot wrote no SVG"
echo "tool package: dotnet tool install --tool-path from nupkg/ works ($((installed_kb / 1024)) MB installed, limit $limit_mb MB); ${installed_version%%+*}, hdr process and hdr plot (PNG $(stat -c %s "$work/latency.png") bytes, SVG) on samples/latency.hlog"

# 5. A new user's first hour on these packages (eng/new-user.sh): a new console app adds the library package, and every
# C# example of README.md and of the package's readme builds in it as printed and prints what its page says; the logs
# they write are read back in full by the hdr installed above.
eng/new-user.sh --packages nupkg --version "$version" --hdr "$hdr" || fail "eng/new-user.sh: the README's examples on the packages"
