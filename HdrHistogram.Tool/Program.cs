using HdrHistogram.Tool;

return HdrTool.Run(args, ToolConsole.FromProcess());
