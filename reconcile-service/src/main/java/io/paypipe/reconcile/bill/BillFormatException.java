package io.paypipe.reconcile.bill;

/**
 * A bill that cannot be read as its channel's format: an unknown header, a field that is
 * not what it must be, a truncated file, an error page. {@code lineNumber} is the line it
 * was found at (0 = before the first line, e.g. a compressed stream that is cut).
 */
public class BillFormatException extends RuntimeException {

    private final long lineNumber;

    public BillFormatException(long lineNumber, String message) {
        super("line " + lineNumber + ": " + message);
        this.lineNumber = lineNumber;
    }

    public BillFormatException(long lineNumber, String message, Throwable cause) {
        super("line " + lineNumber + ": " + message, cause);
        this.lineNumber = lineNumber;
    }

    public long lineNumber() {
        return lineNumber;
    }

}
