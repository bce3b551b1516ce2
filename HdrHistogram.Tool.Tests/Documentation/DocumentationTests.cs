using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using FluentAssertions;
using HdrHistogram.DocTesting;
using HdrHistogram.Tool.Tests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Documentation;

/// <summary>
/// Every csharp fence of README.md, the library package's README and docs/*.md is compiled and run as printed, and every
/// printed output (a <c>text</c> fence after a program or an hdr command) is compared with what it really prints (the
/// convention: <see cref="DocPrograms"/>). The pages whose programs need ASP.NET Core or BenchmarkDotNet run in those
/// packages' test projects (<see cref="DocPrograms.RunnerOf"/>); this class runs the others and the hdr commands.
/// </summary>
[Collection(DocProgramsGroup.Name)]
public sealed class DocumentationTests
{
    private static readonly string Root = DocPrograms.RepositoryRoot();

    public static TheoryData<string> PagesRunHere()
    {
        var data = new TheoryData<string>();
        foreach (string page in DocPrograms.Pages(Root).Where(p => DocPrograms.RunnerOf(p) == "HdrHistogram.Tool.Tests"))
        {
            data.Add(page);
        }

        return data;
    }

    [Fact]
    public void Every_csharp_fence_is_a_program_or_a_continuation_run_by_a_test_project_and_every_text_fence_is_printed_output()
    {
        var pages = DocPrograms.Pages(Root);
        pages.Should().Contain(new[] { "README.md", "docs/usage.md", "docs/formats.md", "docs/prometheus.md", "docs/benchmarkdotnet.md" });
        int csharpFences = 0, programs = 0;
        foreach (string page in pages)
        {
            string markdown = File.ReadAllText(Path.Combine(Root, page));
            var fences = DocPrograms.Fences(page, markdown);
            var parsed = DocPrograms.Parse(page, markdown); // throws on a continuation or an output that belongs to nothing
            parsed.Programs.SelectMany(p => p.Fences).Should().BeEquivalentTo(fences.Where(f => f.IsCSharp), "every csharp fence of {0} is part of a program", page);
            fences.Where(f => f.Language.Length == 0 && f.Lines.Any(l => l.Contains("var ", StringComparison.Ordinal) || l.TrimStart().StartsWith("using ", StringComparison.Ordinal)))
                .Should().BeEmpty("C# code in {0} is fenced as csharp, so that it is compiled", page);
            csharpFences += fences.Count(f => f.IsCSharp);
            programs += parsed.Programs.Count;

            // Each page's programs run in one test project; the others name the page in the test that runs it.
            string runner = DocPrograms.RunnerOf(page);
            Directory.Exists(Path.Combine(Root, runner)).Should().BeTrue();
            if (parsed.Programs.Count > 0 && runner != "HdrHistogram.Tool.Tests")
            {
                Directory.EnumerateFiles(Path.Combine(Root, runner), "*.cs", SearchOption.AllDirectories)
                    .Where(f => !f.Contains(Path.DirectorySeparatorChar + "obj" + Path.DirectorySeparatorChar, StringComparison.Ordinal))
                    .Should().Contain(f => File.ReadAllText(f).Contains("DocPrograms.Parse(\"" + page + "\"", StringComparison.Ordinal), "{0} runs the programs of {1}", runner, page);
            }
        }

        csharpFences.Should().BeGreaterThan(programs, "some fences continue a program");
        programs.Should().BeGreaterThan(10);
    }

    [Theory]
    [MemberData(nameof(PagesRunHere))]
    public void Every_program_and_hdr_command_of_the_page_runs_as_printed_and_prints_what_the_page_says(string page)
    {
        var (programs, commands) = DocPrograms.Parse(page, File.ReadAllText(Path.Combine(Root, page)));
        using var folder = new DocPrograms.WorkingFolder(Root);

        // In page order: a command may read what a program before it wrote.
        var steps = programs.Select(p => (Line: p.Fences[0].Line, Run: (Action)(() => DocPrograms.CheckOutput(p, DocPrograms.Run(DocPrograms.Compile(p))))))
            .Concat(commands.Select(c => (Line: c.Command.Line, Run: (Action)(() => RunCommand(c)))))
            .OrderBy(s => s.Line);
        foreach (var step in steps)
        {
            step.Run();
        }
    }

    [Fact]
    public void The_README_log_example_run_as_printed_writes_a_log_that_hdr_summary_reads_in_full()
    {
        var (programs, _) = DocPrograms.Parse("README.md", File.ReadAllText(Path.Combine(Root, "README.md")));
        var example = programs.Single(p => p.Source.Contains("new HistogramLogWriter(", StringComparison.Ordinal));
        int recorded = example.Source.Split('\n').Count(l => l.Contains("recorder.RecordValue(", StringComparison.Ordinal));
        recorded.Should().Be(1, "the example records one value per interval, in a loop of three");
        example.Source.Should().Contain("for (int second = 1; second <= 3; second++)");
        using var folder = new DocPrograms.WorkingFolder(Root);

        DocPrograms.Run(DocPrograms.Compile(example));

        string log = Directory.EnumerateFiles(folder.Path, "*.hlog").Should().ContainSingle().Subject;
        var summary = ToolRunner.Run("summary", log);
        summary.ExitCode.Should().Be(0, summary.Stderr);
        summary.Stderr.Should().BeEmpty("no interval is left out");
        var reread = new List<HistogramBase>();
        using (var reader = new HdrHistogram.HistogramLogReader(log))
        {
            reread.AddRange(reader.ReadHistograms(tag: null));
        }

        reread.Sum(h => h.TotalCount).Should().Be(3);
        summary.Text.Should().MatchRegex(@"(?m)^\(untagged\)\s+3\s");
    }

    [Fact]
    public void The_output_comparison_takes_an_ellipsis_line_for_any_lines_and_nothing_else()
    {
        DocPrograms.Matches(new[] { "a", "...", "d" }, "a\nb\nc\nd\n").Should().BeTrue();
        DocPrograms.Matches(new[] { "a", "...", "d" }, "a\nd").Should().BeTrue();
        DocPrograms.Matches(new[] { "a", "...", "d" }, "a\nb\nc\n").Should().BeFalse();
        DocPrograms.Matches(new[] { "a", "b" }, "a\nb\nc").Should().BeFalse();
        DocPrograms.Matches(new[] { "a", "b", "" }, "a\nb\n").Should().BeTrue();
        DocPrograms.Matches(new[] { " a" }, "a").Should().BeFalse("spacing counts");
    }

    [Fact]
    public void The_page_convention_binds_continuations_and_outputs_and_refuses_strays()
    {
        string markdown = "# T\n\n```csharp\nint x = 1;\n```\n\nthen\n\n```csharp continued\nSystem.Console.WriteLine(x);\n```\n\nIt prints:\n\n```text\n1\n```\n\n```bash\nhdr summary a.hlog   # per tag\n```\n\n```text\nout\n```\n";
        var (programs, commands) = DocPrograms.Parse("t.md", markdown);
        programs.Should().ContainSingle();
        programs[0].Source.Should().Be("int x = 1;\nSystem.Console.WriteLine(x);\n");
        programs[0].Output!.Lines.Should().Equal("1");
        programs[0].PageLine(1).Should().Be("t.md:10");
        commands.Should().ContainSingle().Which.HdrArguments().Should().Equal("summary", "a.hlog");
        new PrintedCommand(new Fence("t.md", 1, "bash", new List<string>(), new[] { "dotnet run --project HdrHistogram.Tool -- process -i 'a b.hlog'   # x" }), commands[0].Output)
            .HdrArguments().Should().Equal("process", "-i", "a b.hlog");

        FluentActions.Invoking(() => DocPrograms.Parse("t.md", "```csharp continued\nx();\n```\n")).Should().Throw<InvalidOperationException>().WithMessage("*continued*");
        FluentActions.Invoking(() => DocPrograms.Parse("t.md", "```promql\nup\n```\n```text\n1\n```\n")).Should().Throw<InvalidOperationException>().WithMessage("*printed output*");
        var broken = DocPrograms.Parse("t.md", "```csharp\nint x = \"a\";\n```\n").Programs.Single();
        FluentActions.Invoking(() => DocPrograms.Compile(broken)).Should().Throw<InvalidOperationException>().WithMessage("*t.md:2: CS0029*");
    }

    private static void RunCommand(PrintedCommand command)
    {
        string[] args = command.HdrArguments()
            ?? throw new InvalidOperationException(command.Output + " follows " + command.Command + ", whose first command is not an hdr command");
        var result = ToolRunner.Run(args);
        result.ExitCode.Should().Be(0, "{0} runs: {1}", command.Command, result.Stderr);
        if (DocPrograms.KeepOutput(command.Command, result.Text))
        {
            return;
        }

        DocPrograms.Matches(command.Output.Lines, result.Text).Should().BeTrue(
            "{0} says 'hdr {1}' prints\n{2}\nbut it prints\n{3}", command.Output, string.Join(" ", args), string.Join("\n", command.Output.Lines), result.Text);
    }
}
