// The namespaces most of the library's files use, imported once for the whole project.
global using System;
global using System.Buffers;
global using System.Buffers.Binary;
global using System.Globalization;
global using System.IO;
global using System.Runtime.CompilerServices;
global using System.Threading;
global using HdrHistogram.Concurrency;
global using HdrHistogram.Utilities;
