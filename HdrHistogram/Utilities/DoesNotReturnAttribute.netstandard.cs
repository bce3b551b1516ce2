#pragma warning disable IDE0130 // Compiler polyfill: the compiler finds it by this full name.
namespace System.Diagnostics.CodeAnalysis;

/// <summary>The compiler's flow-analysis attribute, which netstandard2.0 lacks: marks a method that always throws.</summary>
[AttributeUsage(AttributeTargets.Method, Inherited = false)]
internal sealed class DoesNotReturnAttribute : Attribute
{
}
