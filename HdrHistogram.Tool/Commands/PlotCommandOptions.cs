using System;
using System.CommandLine;
using System.Threading;
using HdrHistogram.Plotting.Rendering;
using HdrHistogram.Tool.Cli;

namespace HdrHistogram.Tool.Commands;

/// <summary>The arguments and options <c>hdr plot</c> and <c>hdr report</c> share, and the <see cref="PlotSettings"/> they give.</summary>
internal sealed class PlotCommandOptions
{
    private static readonly string[] Kinds = { "percentiles", "timeline" };

    private readonly Argument<string[]> _files;

    private readonly Option<string?> _output = ToolOptions.Output("the output file; written only when every input was read (no partial file is left)");
    private readonly Option<string?>? _kind;
    private readonly UnitOptions _units = new(perFile: true, ratioDescription: "the axis reads 'value / R'");

    private readonly Option<string?> _sla = ToolOptions.Text(
        "--sla",
        "P=V[,P=V...]",
        "targets drawn as a dashed staircase, e.g. 99=2ms,99.9=10ms (a bare V is in the display unit): up to percentile P, values should stay at or below V");

    private readonly Option<string?> _title = ToolOptions.Text("--title", "T", "the title");
    private readonly Option<long?> _width = ToolOptions.Long(
        "--width", "W", "width in pixels (default 1000)", PlotOptions.MinSize, PlotOptions.MaxSize, "a whole number of pixels from " + PlotOptions.MinSize + " to " + PlotOptions.MaxSize);

    private readonly Option<long?> _height = ToolOptions.Long(
        "--height", "H", "height in pixels (default 600)", PlotOptions.MinSize, PlotOptions.MaxSize, "a whole number of pixels from " + PlotOptions.MinSize + " to " + PlotOptions.MaxSize);

    private readonly Option<string?> _tag = ToolOptions.Text("--tag", "T", "only the intervals with tag T (default: every tag, each its own line)");
    private readonly Option<double?> _start = ToolOptions.Double(
        "--start", "S", "only intervals from S seconds after the log's start time (default 0, as hdr process -start; negative: also intervals before it)", double.IsFinite, "a number of seconds");

    private readonly Option<double?> _end = ToolOptions.Double(
        "--end", "E", "only intervals up to E seconds after the log's start time, as hdr process -end", double.IsFinite, "a number of seconds");

    private readonly Option<string?> _yScale = ToolOptions.OneOf(
        "--y-scale", "the value axis: log, linear, or auto (default: log when a series' max is over 100x its median)", "log", "linear", "auto");

    private readonly Option<string?> _percentiles = ToolOptions.Text(
        "--percentiles",
        "P,P,...[,max]",
        "the timeline's lines: percentiles and 'max' (default 50,90,99,99.9,max)");

    private readonly Option<string?> _mwp = ToolOptions.Text(
        "--mwp",
        "P:W[,P:W...]",
        "moving-window percentiles on the timeline, e.g. 99.9:60s (W in ms, s, m or h): at each interval's end, the percentile of the intervals that end within W before it");

    private readonly Option<string?> _timeAxis = ToolOptions.OneOf("--time-axis", "the timeline's time axis: elapsed (seconds since the log's start, the default) or wall (clock time in --tz)", "elapsed", "wall");
    private readonly Option<string?> _tz = ToolOptions.Text("--tz", "ZONE", "the time zone of wall-clock times (an IANA name such as Europe/Berlin; default UTC)");

    private readonly Option<string?>? _baseline;
    private readonly Option<long?>? _worst;
    private readonly Option<bool>? _empty;

    private readonly Option<bool> _json = ToolOptions.Flag("--json", "write the series as JSON numbers instead (to OUT if given, else standard output)");
    private readonly Option<bool> _progress = ToolOptions.Progress();
    private readonly Option<bool> _strict = ToolOptions.Strict();

    /// <param name="withKind">Whether the command has <c>--kind</c> (plot does, report draws both kinds).</param>
    public PlotCommandOptions(bool withKind)
    {
        // A report may have no FILE (--empty: a page that reads the logs dropped onto it).
        _files = ToolOptions.Files<string[]>(
            "histogram logs (.hlog), Java .hgrm files or base64 histograms, one per line ('-': standard input, once)", withKind ? ArgumentArity.OneOrMore : ArgumentArity.ZeroOrMore);
        if (withKind)
        {
            _kind = ToolOptions.OneOf("--kind", "percentiles (default) or timeline", Kinds);
        }
        else
        {
            _empty = ToolOptions.Flag("--empty", "write the page without any FILE: it reads the histogram logs dropped onto it (in the browser, as this tool reads them)");
            _worst = ToolOptions.Long("--worst", "N", "how many of each series' intervals with the largest maxima to list (default 10)", 0, 1000, "a whole number from 0 to 1000");
            _baseline = ToolOptions.Text(
                "--baseline",
                "FILE",
                "compare the other FILEs with this one (added first if not among them): their p50 ... max side by side with the ratio run / baseline, in the page and on standard output");
        }
    }

    /// <summary>Adds the arguments and options to <paramref name="command"/>.</summary>
    public void AddTo(Command command)
    {
        command.Arguments.Add(_files);
        command.Options.Add(_output);
        if (_kind is not null)
        {
            command.Options.Add(_kind);
        }

        _units.AddTo(command);
        foreach (var option in new Option[] { _sla, _title, _width, _height, _yScale, _percentiles, _mwp, _timeAxis, _tz, _tag, _start, _end, _json, _progress, _strict })
        {
            command.Options.Add(option);
        }

        if (_baseline is not null)
        {
            command.Options.Add(_baseline);
            command.Options.Add(_worst!);
            command.Options.Add(_empty!);
        }
    }

    /// <summary>The settings the parsed command line asks for.</summary>
    public PlotSettings Settings(ParseResult result, ToolConsole console, string command, CancellationToken cancellation) => new()
    {
        Files = result.GetValue(_files) ?? Array.Empty<string>(),
        Empty = _empty is not null && result.GetValue(_empty),
        Output = result.GetValue(_output),
        Kind = _kind is not null && result.GetValue(_kind) == "timeline" ? PlotKind.Timeline : PlotKind.Percentiles,
        Units = _units.Resolve(result, console, command),
        Sla = result.GetValue(_sla)?.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries) ?? Array.Empty<string>(),
        Title = result.GetValue(_title),
        Width = (int)(result.GetValue(_width) ?? 1000),
        Height = (int)(result.GetValue(_height) ?? 600),
        Tag = result.GetValue(_tag),
        StartSec = result.GetValue(_start) ?? 0,
        EndSec = result.GetValue(_end) ?? double.MaxValue,
        YScale = YScales.Parse(result.GetValue(_yScale) ?? "auto") ?? YScale.Auto,
        Baseline = _baseline is null ? null : result.GetValue(_baseline),
        Percentiles = result.GetValue(_percentiles),
        MovingWindows = result.GetValue(_mwp),
        TimeAxis = result.GetValue(_timeAxis) == "wall" ? TimeAxis.Wall : TimeAxis.Elapsed,
        TimeZone = result.GetValue(_tz),
        Worst = _worst is null ? 10 : (int)(result.GetValue(_worst) ?? 10),
        Json = result.GetValue(_json),
        Progress = result.GetValue(_progress),
        Strict = result.GetValue(_strict),
        Cancellation = cancellation,
    };
}
