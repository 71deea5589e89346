package io.paypipe.ingress.callback;

import java.io.IOException;
import java.io.Writer;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/**
 * Requests that Tomcat itself refuses before any servlet sees them (a duplicated
 * Content-Type, a malformed header: found by the fuzz tests) would get Tomcat's HTML
 * error page. This valve answers them in the fail ack of the channel whose endpoint was
 * called instead, and never with the exception or a stack trace.
 */
public class ChannelErrorReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.isCommitted() || response.getContentWritten() > 0) {
            return;
        }
        HttpStatus known = HttpStatus.resolve(status);
        String reason = known == null ? "request refused" : known.getReasonPhrase().toLowerCase();
        ResponseEntity<Object> ack = ChannelAck.forPath(request.getRequestURI())
            .fail(HttpStatus.valueOf(status), reason);
        try {
            response.setContentType(String.valueOf(ack.getHeaders().getContentType()));
            response.setCharacterEncoding("UTF-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(ChannelAck.text(ack.getBody()));
                response.finishResponse();
            }
        }
        catch (IOException | IllegalStateException e) {
            // the connection is going away; nothing more to say to the channel
        }
    }

}
