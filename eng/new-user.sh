#!/usr/bin/env bash
# The first hour of a new user, checked: a fresh clone, every package packed into a local folder (eng/pack-local.sh), a
# new console app (`dotnet new console`) that adds the library package, and every C# example of the README (and of the
# library package's readme) pasted into it as printed, built, run, and its output compared with what the page says it
# prints (a line "..." stands for any lines; the convention is DocPrograms' in HdrHistogram.Tool.Tests/Documentation).
# Every histogram log an example wrote is then read by the hdr tool, installed from the same folder: `hdr summary` must
# read it without leaving anything out.
#
#   eng/new-user.sh                               all of it, from a fresh clone of this repository's HEAD (minutes)
#   eng/new-user.sh --packages DIR --version V [--hdr PATH]
#                                                 packages packed already (eng/check-packages.sh runs it so on nupkg/,
#                                                 with the hdr it installed): no clone, no pack, nothing fetched
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

fail() { echo "new-user: $*" >&2; exit 1; }

packages="" version="" hdr=""
while [ $# -gt 0 ]; do
    case "$1" in
        --packages) packages="$(cd "$2" && pwd)"; shift 2 ;;
        --version) version="$2"; shift 2 ;;
        --hdr) hdr="$2"; shift 2 ;;
        *) fail "usage: eng/new-user.sh [--packages DIR --version V [--hdr PATH]]" ;;
    esac
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
repo="$PWD"
start=$SECONDS

if [ -z "$packages" ]; then
    # A fresh clone, packed into a folder of its own, as README.md's Install says.
    git clone --quiet --no-local "$repo" "$work/clone" || fail "git clone failed"
    repo="$work/clone"
    (cd "$repo" && eng/pack-local.sh "$work/packages") >"$work/pack.txt" 2>&1 || { cat "$work/pack.txt"; fail "eng/pack-local.sh failed"; }
    packages="$work/packages"
    version="$(tail -n 1 "$work/pack.txt")"
    echo "new-user: fresh clone packed as $version ($((SECONDS - start)) s)"
    # The folder as a source beside nuget.org, for the examples' restores too (dotnet add package --source is for one
    # command only).
    cat >"$work/nuget.config" <<EOF
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <add key="packages" value="$packages" />
  </packageSources>
</configuration>
EOF
else
    [ -n "$version" ] || fail "--packages needs --version"
    # Nothing fetched: the package folder is the only source (a new console app needs nothing else on net10.0).
    printf '<configuration><packageSources><clear /><add key="packages" value="%s" /></packageSources></configuration>\n' \
        "$packages" >"$work/nuget.config"
fi
# A package cache of its own: a pack at a version restored before is never taken from the machine's cache instead.
export NUGET_PACKAGES="$work/nuget-packages"

# The new console app, with the package added.
(cd "$work" && dotnet new console -o app --no-restore >/dev/null) || fail "dotnet new console failed"
(cd "$work/app" && dotnet add package HdrHistogram.Serialization --version "$version" --source "$packages" >"$work/add.txt" 2>&1) \
    || { cat "$work/add.txt"; fail "dotnet add package HdrHistogram.Serialization $version failed"; }

# Every program of the pages (csharp fence, its 'csharp continued' fences, the text fence after them): one copy of the
# app per program, built together in one MSBuild run.
mkdir -p "$work/programs"
for page in README.md HdrHistogram/README.md; do
    awk -v out="$work/programs" -v page="$page" -v n="$(find "$work/programs" -name '*.cs' | wc -l)" '
        /^```/ {
            if (!inside) {
                inside = 1; info = substr($0, 4); kind = ""
                if (info ~ /^csharp( |$)/) {
                    if (info !~ / continued/) { n++; printf "%s:%d\n", page, NR > (out "/" n ".where") }
                    kind = "code"; file = out "/" n ".cs"; last = "csharp"
                } else if (info == "text" && last == "csharp") { kind = "expected"; file = out "/" n ".expected"; last = "" }
                else { last = info }
                next
            }
            inside = 0; next
        }
        inside && kind != "" { print > file }
    ' "$repo/$page" || fail "reading $page failed"
done
[ "$(find "$work/programs" -name '*.cs' | wc -l)" -ge 2 ] || fail "no programs found in README.md"

projects=()
for program in "$work/programs"/*.cs; do
    name="example$(basename "$program" .cs)"
    mkdir -p "$work/$name"
    cp "$work/app/app.csproj" "$work/$name/$name.csproj"
    cp "$program" "$work/$name/Program.cs"
    projects+=("$work/$name/$name.csproj")
done
{
    echo '<Project><Target Name="Build">'
    echo "<MSBuild Projects=\"$(IFS=';'; echo "${projects[*]}")\" Targets=\"Restore\" Properties=\"Configuration=Release\" />"
    echo "<MSBuild Projects=\"$(IFS=';'; echo "${projects[*]}")\" Targets=\"Build\" Properties=\"Configuration=Release\" BuildInParallel=\"true\" />"
    echo '</Target></Project>'
} >"$work/examples.proj"
dotnet msbuild "$work/examples.proj" -m -nologo -v:q >"$work/build.txt" 2>&1 \
    || { cat "$work/build.txt"; fail "an example does not build as printed in a new console app (above)"; }

# Run each in a folder with the clone's samples/, compare what it prints.
mkdir -p "$work/run"
ln -s "$repo/samples" "$work/run/samples"
for program in "$work/programs"/*.cs; do
    number="$(basename "$program" .cs)"
    where="$(cat "$work/programs/$number.where")"
    (cd "$work/run" && dotnet "$work/example$number/bin/Release/net10.0/example$number.dll") >"$work/printed.txt" 2>"$work/stderr.txt" \
        || { cat "$work/printed.txt" "$work/stderr.txt"; fail "the example at $where fails"; }
    if [ -f "$work/programs/$number.expected" ]; then
        awk -v expected="$work/programs/$number.expected" '
            BEGIN { while ((getline line < expected) > 0) e[ne++] = line; while (ne > 0 && e[ne - 1] == "") ne-- }
            { a[na++] = $0 }
            END {
                # m[i, j]: expected lines i.. match printed lines j.. ("..." matches any lines).
                for (j = na; j >= 0; j--) m[ne, j] = (j == na)
                for (i = ne - 1; i >= 0; i--) for (j = na; j >= 0; j--) {
                    if (e[i] == "...") m[i, j] = m[i + 1, j] || (j < na && m[i, j + 1])
                    else m[i, j] = j < na && a[j] == e[i] && m[i + 1, j + 1]
                }
                exit m[0, 0] ? 0 : 1
            }' "$work/printed.txt" \
            || { echo "printed:"; cat "$work/printed.txt"; echo "the page says:"; cat "$work/programs/$number.expected"; fail "the example at $where prints something else than its page says"; }
    elif [ -s "$work/printed.txt" ]; then
        cat "$work/printed.txt"
        fail "the example at $where prints the above, and its page does not say so"
    fi
    echo "new-user: the example at $where builds in a new console app and prints what the page says"
done

# The logs the examples wrote, read back in full by the hdr tool.
if [ -z "$hdr" ]; then
    dotnet tool install --tool-path "$work/tools" --version "$version" --add-source "$packages" HdrHistogram.Tool >"$work/install.txt" 2>&1 \
        || { cat "$work/install.txt"; fail "dotnet tool install HdrHistogram.Tool $version failed"; }
    hdr="$work/tools/hdr"
fi
logs=0
for log in "$work/run"/*.hlog; do
    [ -f "$log" ] || continue
    (cd "$work/run" && "$hdr" summary "$(basename "$log")") >"$work/summary.txt" 2>"$work/summary-stderr.txt" \
        || { cat "$work/summary-stderr.txt"; fail "hdr summary cannot read $(basename "$log")"; }
    [ ! -s "$work/summary-stderr.txt" ] || { cat "$work/summary-stderr.txt"; fail "hdr summary $(basename "$log") left something out or warned"; }
    logs=$((logs + 1))
done
[ "$logs" -ge 1 ] || fail "no example wrote a histogram log"
echo "new-user: $(ls "$work/programs"/*.cs | wc -l) examples, $logs log(s) read back by hdr summary ($((SECONDS - start)) s)"
