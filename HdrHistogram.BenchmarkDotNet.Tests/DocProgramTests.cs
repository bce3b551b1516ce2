using System;
using System.IO;
using FluentAssertions;
using HdrHistogram.DocTesting;
using Xunit;

namespace HdrHistogram.BenchmarkDotNet.Tests;

/// <summary>
/// The programs of docs/benchmarkdotnet.md, compiled and run as printed (<see cref="DocPrograms"/>) in a folder of their
/// own, in page order, their printed output compared with the page's. The benchmark program gets BenchmarkDotNet's own
/// command-line arguments <c>--inProcess --job Dry</c> (one in-process iteration: a default run takes minutes, and a
/// program compiled in memory has no project for BenchmarkDotNet to build); it writes the .hlog the page's next
/// program reads, and what it prints is BenchmarkDotNet's log, of which the test checks the summary table's columns.
/// </summary>
[Collection(DocProgramsGroup.Name)]
public sealed class DocProgramTests
{
    [Fact]
    public void Every_program_of_docs_benchmarkdotnet_md_runs_as_printed_and_prints_what_the_page_says()
    {
        string root = DocPrograms.RepositoryRoot();
        var (programs, commands) = DocPrograms.Parse("docs/benchmarkdotnet.md", File.ReadAllText(Path.Combine(root, "docs", "benchmarkdotnet.md")));
        programs.Should().HaveCount(4);
        using var folder = new DocPrograms.WorkingFolder(root);
        foreach (var program in programs)
        {
            var entryPoint = DocPrograms.Compile(program);
            bool benchmark = program.Source.Contains("BenchmarkRunner.Run<", StringComparison.Ordinal);
            string printed = DocPrograms.Run(entryPoint, benchmark ? new[] { "--inProcess", "--job", "Dry" } : null);
            if (benchmark)
            {
                printed.Should().MatchRegex(@"\| *P50 *\| *P99 *\| *P99\.9 *\| *P99\.99 *\| *Max *\|", "the summary table has the attribute's columns");
                Directory.EnumerateFiles(Path.Combine(folder.Path, "BenchmarkDotNet.Artifacts", "results"), "ParseBenchmarks.Parse-*.hlog").Should().ContainSingle();
            }
            else
            {
                DocPrograms.CheckOutput(program, printed);
            }
        }
    }
}
