package io.paypipe.sandbox.stripe;

import io.paypipe.sandbox.bill.BillScenario;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The file a report run made ({@code file_…}, purpose {@code finance_report_run}, type
 * {@code csv}): its records are rendered again at every download from what the run took,
 * never kept, and {@code size} is counted once the same way. Its download ({@code GET
 * /v1/files/{id}/contents}) is the CSV, except for the download faults of the itemized
 * report of a day armed with them: {@code ERROR_PAGE} answers an HTML page,
 * {@code ERROR_JSON} a JSON error (both with status 200), {@code TRUNCATED} the CSV cut
 * mid-line about half way, its {@code Content-Length} the cut length.
 */
final class StripeReportFile {

    /** How a download answers: content type, exact length, and the body's writer. */
    record Download(String contentType, long length, Body body) {
    }

    /** Writes a download's body. */
    interface Body {

        void writeTo(OutputStream out) throws IOException;

    }

    static final String CSV = "text/csv";

    static final byte[] ERROR_PAGE = ("<!DOCTYPE html>\n<html><head><title>503 Service Temporarily Unavailable"
            + "</title></head>\n<body><h1>Service Temporarily Unavailable</h1><p>The server is temporarily unable"
            + " to service your request. Please try again later.</p></body></html>\n")
        .getBytes(StandardCharsets.UTF_8);

    static final byte[] ERROR_JSON = ("{\n  \"error\": {\n    \"message\": \"An unknown error occurred\",\n"
            + "    \"type\": \"api_error\"\n  }\n}\n")
        .getBytes(StandardCharsets.UTF_8);

    private final String id;

    private final String account;

    private final String runId;

    private final long created;

    private final Supplier<Iterator<byte[]>> records;

    private final BillScenario fault;

    private final long size;

    /**
     * @param records the file's CSV records (header first), made anew at every call
     * @param fault the day's scenario, whose download faults apply to this file
     * ({@link BillScenario#COMPLETE} for none)
     */
    StripeReportFile(String id, String account, String runId, long created, Supplier<Iterator<byte[]>> records,
            BillScenario fault) {
        this.id = id;
        this.account = account;
        this.runId = runId;
        this.created = created;
        this.records = records;
        this.fault = fault;
        long counted = 0;
        for (Iterator<byte[]> it = records.get(); it.hasNext();) {
            counted += it.next().length;
        }
        this.size = counted;
    }

    String id() {
        return id;
    }

    String account() {
        return account;
    }

    long size() {
        return size;
    }

    Download download() {
        return switch (fault) {
            case ERROR_PAGE ->
                new Download("text/html; charset=utf-8", ERROR_PAGE.length, out -> out.write(ERROR_PAGE));
            case ERROR_JSON -> new Download("application/json", ERROR_JSON.length, out -> out.write(ERROR_JSON));
            case TRUNCATED -> {
                long cut = cutLength();
                yield new Download(CSV, cut, out -> write(out, cut));
            }
            default -> new Download(CSV, size, out -> write(out, size));
        };
    }

    /** The File object of the run's {@code result}, its contents at {@code url}. */
    Map<String, Object> object(String url) {
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("id", id);
        file.put("object", "file");
        file.put("created", created);
        file.put("expires_at", created + 365L * 24 * 3600);
        file.put("filename", runId + ".csv");
        file.put("purpose", "finance_report_run");
        file.put("size", size);
        file.put("title", "FinanceReportRun " + runId);
        file.put("type", "csv");
        file.put("url", url);
        return file;
    }

    /**
     * Where the truncated download ends: inside the record that holds the file's middle
     * byte; in the header at that byte, in a detail line a few bytes after its first
     * comma, so that the line it leaves has two fields, never a complete record.
     */
    private long cutLength() {
        long middle = size / 2;
        long offset = 0;
        boolean header = true;
        for (Iterator<byte[]> it = records.get(); it.hasNext();) {
            byte[] record = it.next();
            if (middle < offset + record.length) {
                if (header) {
                    return Math.max(1, middle);
                }
                int comma = 0;
                while (comma < record.length && record[comma] != ',') {
                    comma++;
                }
                return offset + Math.min(comma + 6, record.length - 2);
            }
            offset += record.length;
            header = false;
        }
        return size;
    }

    private void write(OutputStream out, long limit) throws IOException {
        long written = 0;
        for (Iterator<byte[]> it = records.get(); it.hasNext() && written < limit;) {
            byte[] record = it.next();
            int n = (int) Math.min(record.length, limit - written);
            out.write(record, 0, n);
            written += n;
        }
    }

}
